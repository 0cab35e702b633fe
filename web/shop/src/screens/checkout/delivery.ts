import { apiPaths } from '../../../../../contract/paths.ts';
import type { BagLine } from '../../../../../contract/shopping.ts';
import { api } from '../../../../shared/api/client.ts';

/** Whether every line of the bag can be delivered to the pincode (POST /api/pincheck per partner). */
export async function deliversEverything(pincode: string, lines: readonly BagLine[]): Promise<boolean> {
  const partners = [...new Set(lines.map((line) => line.partner))];
  const answers = await Promise.all(
    partners.map((partner) => api.post<boolean>(apiPaths.pincheck(), { pincode, partner })),
  );
  return answers.every(Boolean);
}
