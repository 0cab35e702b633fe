import type { ProductResponse } from '../../../../contract/catalog.ts';
import type { CartLine } from '../../../../contract/shopping.ts';
import { api } from '../../api/client.ts';
import { apiPaths } from '../../config/paths.ts';

/** The delivery partners of the cart's products: a cart line names none, the product page does. */
async function partnersOf(lines: readonly CartLine[]): Promise<string[]> {
  const products = new Map(lines.map((line) => [`${line.prod}/${line.id}`, line]));
  const answers = await Promise.all(
    [...products.values()].map((line) => api.get<ProductResponse>(apiPaths.product(line.prod, line.id))),
  );
  return [...new Set(answers.map((answer) => answer.productInfo.partner))];
}

/** Whether every line of the cart can be delivered to the pincode (POST /api/pincheck per partner). */
export async function deliversEverything(pincode: string, lines: readonly CartLine[]): Promise<boolean> {
  const partners = await partnersOf(lines);
  const answers = await Promise.all(
    partners.map((partner) => api.post<boolean>(apiPaths.pincheck(), { pincode, partner })),
  );
  return answers.every(Boolean);
}
