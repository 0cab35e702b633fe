import type { SetStockBody, SetStockResponse } from '../../../contract/admin.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Inventory } from './service.ts';

/** Sets a size's stock and records who (the actor) changed it from what, in one transaction. */
export async function setStock(
  inventory: Inventory,
  body: SetStockBody,
  actor: string,
): Promise<SetStockResponse> {
  const { productId, size, quantity } = body;
  const change = await inventory.transaction(async (trx) => {
    const result = await inventory.setStock(trx, productId, size, quantity);
    await recordAudit(trx, {
      actor,
      action: 'stock.set',
      subject: `product:${productId}`,
      details: { productId, size, old: result.oldStock, new: result.stock },
    });
    return result;
  });
  return { productId, size, stock: change.stock };
}
