import { apiPaths } from '../../../../contract/paths.ts';
import type { PincodePlace } from '../../../../contract/shopping.ts';
import { api } from '../../../shared/api/client.ts';
import { pinError } from '../../../shared/lib/account-rules.ts';

/** Where a pincode is (City and State), or undefined when haat does not know it or cannot be asked. */
export async function pincodePlace(pin: string): Promise<PincodePlace | undefined> {
  if (!pin || pinError(pin)) return undefined;
  try {
    return await api.get<PincodePlace>(apiPaths.pincode(pin));
  } catch {
    // the shopper fills City and State themselves
    return undefined;
  }
}
