import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { FakeShiprocket } from './fake.ts';
import type { CourierPartner } from './partner.ts';
import { httpTransport, ShiprocketClient } from './shiprocket.ts';

export interface Courier {
  /** undefined: COURIER_PROVIDER=manual, the shop ships by hand */
  partner: CourierPartner | undefined;
  /** the local fake of Shiprocket's API when the partner talks to it (development and tests) */
  fake: FakeShiprocket | undefined;
}

export function createCourier(config: Config, db: Db): Courier {
  if (config.courierProvider === 'manual') return { partner: undefined, fake: undefined };
  const { baseUrl, email, password } = config.shiprocket;
  if (baseUrl !== undefined) {
    return { partner: new ShiprocketClient({ email, password }, httpTransport(baseUrl)), fake: undefined };
  }
  const fake = new FakeShiprocket(db);
  // the fake's labels and manifests, fetched from the fake itself as the rest of its API is
  const files = async (url: string) => {
    const file = await fake.file(url);
    if (!file) throw new Error(`${url} answered 404`);
    return file;
  };
  return { partner: new ShiprocketClient({ email, password }, fake.transport(), undefined, files), fake };
}
