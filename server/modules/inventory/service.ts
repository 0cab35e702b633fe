import { STOCK_HOLD_MINUTES } from '../../../contract/shopping-rules.ts';
import type { Db } from '../../db/connect.ts';
import type { Change, ChangeFeed } from '../../platform/changes.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as store from './store.ts';

/** For other modules' read queries over `skus` (a bag's lines): a size's units free to sell. */
export { AVAILABLE_UNITS } from './store.ts';

/** a line of an attempt: so many units of one size */
export interface StockLine {
  skuId: number;
  quantity: number;
}

/** Stock below the units held would oversell what shoppers are paying for right now. */
const heldMessage = (size: string, held: number) =>
  `${held} ${held === 1 ? 'unit' : 'units'}${size ? ` of size ${size}` : ''} ${held === 1 ? 'is' : 'are'} held for shoppers paying now: stock cannot go below ${held}`;

/** What one transaction changed of what can be sold, announced once it commits. */
interface Touched {
  productIds: Set<number>;
  /** a stock set by hand: listing cards offer the first size in stock, so every listing may change */
  everything: boolean;
  /** products a size of which gained stock: a sold-out size may be back */
  stockRose: Set<number>;
}

/** Told, within the transaction, of the products a size of which gained stock ("Notify me", decision 036). */
export type StockRiseListener = (trx: Db, productIds: number[]) => Promise<void>;

/** A size's units free to sell; `held` when none is free only because shoppers' checkouts hold them. */
export interface SizeAvailability {
  size: string;
  available: number;
  held?: { units: number; until: Date };
}

/**
 * What can be sold: each size's stock, and the units held for shoppers who are paying (decisions 005,
 * 007, 010). A size's units free to sell are its stock less its live holds, never below 0; stock is
 * never negative. Every change runs in the caller's transaction, opened by `transaction()`, so that
 * Inventory alone announces what changed on the change feed, once it has committed.
 */
export class Inventory {
  private readonly open = new WeakMap<Db, Touched>();

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly onStockRise: StockRiseListener = async () => {},
    /** how long a checkout's units are held from the account's first unpaid attempt in a row */
    private readonly holdMinutes = STOCK_HOLD_MINUTES,
  ) {}

  /**
   * A transaction in which stock may change; the products it changed are announced after it commits.
   * Stock that rose is told to `onStockRise` before the commit, so what it writes commits with the stock.
   */
  async transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const touched: Touched = { productIds: new Set(), everything: false, stockRose: new Set() };
    const result = await this.db.transaction().execute(async (trx) => {
      this.open.set(trx, touched);
      const result = await work(trx);
      if (touched.stockRose.size > 0) await this.onStockRise(trx, [...touched.stockRose]);
      return result;
    });
    this.changes.announce(announcement(touched));
    return result;
  }

  // Reading: any module, in any transaction --------------------------------------------------------

  /** A size's units free to sell now. */
  async available(db: Db, skuId: number): Promise<number> {
    return (await store.availableUnits(db, [skuId])).get(skuId) ?? 0;
  }

  /**
   * Units each size of a product can still sell, in display order; a size with none free while
   * checkouts hold some says how many and when the first of those holds ends.
   */
  async sizes(db: Db, productId: number): Promise<SizeAvailability[]> {
    const [sizes, holds] = await Promise.all([
      store.sizeAvailability(db, [productId]),
      store.checkoutHolds(db, [productId]),
    ]);
    const held = new Map(holds.map(({ skuId, ...hold }) => [skuId, hold]));
    return sizes.map(({ sku_id, size, available }) => {
      const hold = available === 0 ? held.get(sku_id) : undefined;
      return hold ? { size, available, held: hold } : { size, available };
    });
  }

  /** Each product's sizes with units free to sell now, in display order. */
  async freeSizes(db: Db, productIds: readonly number[]): Promise<Map<number, string[]>> {
    const free = new Map<number, string[]>();
    for (const row of await store.sizeAvailability(db, productIds)) {
      if (row.available > 0) free.set(row.product_id, [...(free.get(row.product_id) ?? []), row.size]);
    }
    return free;
  }

  // Changing: only inside transaction() ------------------------------------------------------------

  /**
   * Locks the lines' sizes and refuses (409) a line asking more units than are free, before anything
   * is held. Free units are counted in a statement of their own after the locks: its snapshot sees the
   * holds committed by whoever held the locks before (one statement would keep an older snapshot).
   */
  async assertFree(trx: Db, lines: readonly (StockLine & { name: string; size: string })[]): Promise<void> {
    const free = await this.lockFree(trx, lines);
    for (const line of lines) {
      const units = free.get(line.skuId) ?? 0;
      if (line.quantity > units) {
        throw conflict(
          `Only ${units} of "${line.name}"${line.size ? ` (size ${line.size})` : ''} can be bought now; please update your cart`,
        );
      }
    }
  }

  /** A new attempt supersedes the shopper's earlier unpaid ones: their units go back first. */
  async releaseUnpaid(trx: Db, customerId: number): Promise<void> {
    await this.write(trx, () => store.releaseUnpaidHolds(trx, customerId));
  }

  /**
   * Holds the attempt's units until the hold time after the account's first unpaid attempt in a row
   * (decision 054); answers when they go back.
   */
  async hold(trx: Db, holds: store.NewHolds): Promise<Date> {
    const endsAt = await store.holdEnd(trx, holds.customerId, this.holdMinutes);
    await this.write(trx, () => store.insertHolds(trx, holds, endsAt));
    return endsAt;
  }

  /** The attempt's live holds go back to the shelf; answers whether any units were freed. */
  async release(trx: Db, paymentOrderId: number): Promise<boolean> {
    const freed = await this.write(trx, () => store.releaseLiveHolds(trx, paymentOrderId));
    return freed.length > 0;
  }

  /**
   * Sells a paid attempt's lines (decision 007). Each line is filled whole or not at all: from the
   * attempt's own live hold, or else from units nobody holds; stock is taken only where it suffices.
   * The attempt's holds then end, sold or void.
   */
  async sell<L extends StockLine>(
    trx: Db,
    paymentOrderId: number,
    lines: readonly L[],
  ): Promise<{ filled: L[]; unfilled: L[] }> {
    const own = await store.liveHolds(trx, paymentOrderId);
    const free = await this.lockFree(trx, lines);
    const filled: L[] = [];
    const unfilled: L[] = [];
    for (const line of lines) {
      const units = (free.get(line.skuId) ?? 0) + (own.get(line.skuId) ?? 0);
      const taken =
        units >= line.quantity
          ? await this.write(trx, () => store.takeStock(trx, line.skuId, line.quantity))
          : [];
      (taken.length > 0 ? filled : unfilled).push(line);
    }
    await this.write(trx, () => store.endHolds(trx, paymentOrderId));
    return { filled, unfilled };
  }

  /**
   * Holds units of another size for an exchange (decision 047) from the units free now. The size is
   * locked and counted as checkout's assertFree does, so the last unit goes to exactly one of an exchange
   * and buyers; 409 (nothing held) when too few are free. Answers the hold's id.
   */
  async holdForExchange(trx: Db, line: StockLine & { name: string; size: string }): Promise<number> {
    const free = (await this.lockFree(trx, [line])).get(line.skuId) ?? 0;
    if (free < line.quantity) {
      throw conflict(`Size ${line.size} of "${line.name}" is no longer free: please pick another size`);
    }
    const hold = await store.insertExchangeHold(trx, line.skuId, line.quantity);
    if (hold.product_id !== null) this.touched(trx).productIds.add(hold.product_id);
    return hold.id;
  }

  /** An exchange's held units go back to the shelf (refused, or not sent). */
  async releaseHeld(trx: Db, holdId: number): Promise<void> {
    await this.write(trx, () => store.releaseHold(trx, holdId));
  }

  /** Whether an exchange's hold still keeps its units. */
  async held(db: Db, holdId: number): Promise<boolean> {
    return (await store.liveHold(db, holdId)) !== undefined;
  }

  /**
   * An exchange's held units leave stock for its new line, and the hold ends. Answers the size taken;
   * undefined (nothing taken) when the hold is no longer live.
   */
  async takeHeld(trx: Db, holdId: number): Promise<number | undefined> {
    const hold = await store.liveHold(trx, holdId);
    if (!hold) return undefined;
    await store.lockSkus(trx, [hold.sku_id]);
    await this.write(trx, () => store.releaseHold(trx, holdId));
    const taken = await this.write(trx, () => store.takeStock(trx, hold.sku_id, hold.quantity));
    return taken.length > 0 ? hold.sku_id : undefined;
  }

  /** Units come back to the shelf (a cancelled line, an exchanged one received back). */
  async restock(trx: Db, skuId: number, quantity: number): Promise<void> {
    const productIds = await this.write(trx, () => store.addStock(trx, skuId, quantity));
    for (const id of productIds) this.touched(trx).stockRose.add(id);
  }

  /**
   * The back office sets a size's stock (units sold have already left it). Never below the units held
   * for shoppers paying now: 409, so a paid hold always finds its units.
   */
  async setStock(trx: Db, productId: number, size: string, quantity: number) {
    const touched = this.touched(trx);
    const change = await store.setSizeStock(trx, productId, size, quantity);
    if (!change) {
      if (!(await store.productExists(trx, productId))) throw notFound(`No product with id ${productId}`);
      throw notFound(`Product ${productId} has no size "${size}"`);
    }
    if (change.refused) throw conflict(heldMessage(size, change.held));
    touched.everything = true;
    if (change.stock > change.oldStock) touched.stockRose.add(productId);
    return { oldStock: change.oldStock, stock: change.stock };
  }

  /**
   * The back office sets a product's whole size run (in display order) and each size's stock: new sizes
   * are added, missing ones removed. Refused (409, nothing changes) below the units held, or removing a
   * size that is held or was ever ordered (set its stock to 0 instead). Answers each size's stock change.
   */
  async setSizes(trx: Db, productId: number, sizes: readonly { size: string; stock: number }[]) {
    const touched = this.touched(trx);
    const existing = new Map((await store.lockedSizes(trx, productId)).map((row) => [row.size, row]));
    const changes: { size: string; old: number | null; new: number | null }[] = [];
    const added: { product_id: number; size: string; position: number; stock: number }[] = [];
    for (const [position, { size, stock }] of sizes.entries()) {
      const before = existing.get(size);
      existing.delete(size);
      if (!before) {
        added.push({ product_id: productId, size, position, stock });
        changes.push({ size, old: null, new: stock });
        continue;
      }
      if (stock < before.held) throw conflict(heldMessage(size, before.held));
      if (stock === before.stock && position === before.position) continue;
      await store.updateSize(trx, before.id, stock, position);
      if (stock !== before.stock) changes.push({ size, old: before.stock, new: stock });
      if (stock > before.stock) touched.stockRose.add(productId);
    }
    for (const gone of existing.values()) {
      if (gone.held > 0 || !(await store.deleteUnorderedSize(trx, gone.id))) {
        throw conflict(
          `Size ${gone.size || '(one size)'} has been ordered or is held: set its stock to 0 instead of removing it`,
        );
      }
      changes.push({ size: gone.size, old: gone.stock, new: null });
    }
    await store.insertSizes(trx, added);
    touched.everything = true;
    return changes;
  }

  /** Locks the sizes in id order (no deadlocks) and counts their free units after the locks. */
  private async lockFree(trx: Db, lines: readonly StockLine[]): Promise<Map<number, number>> {
    const skuIds = lines.map((line) => line.skuId);
    await store.lockSkus(trx, skuIds);
    return store.availableUnits(trx, skuIds);
  }

  /** Runs a write in the transaction and keeps the products it answers, to announce after commit. */
  private async write(trx: Db, change: () => Promise<number[]>): Promise<number[]> {
    const touched = this.touched(trx);
    const productIds = await change();
    for (const id of productIds) touched.productIds.add(id);
    return productIds;
  }

  /** A change outside transaction() would never be announced: refused loudly. */
  private touched(trx: Db): Touched {
    const touched = this.open.get(trx);
    if (!touched) throw new Error('stock changes only inside Inventory.transaction(), which announces them');
    return touched;
  }
}

function announcement(touched: Touched): Change {
  return touched.everything ? { everything: true } : { productIds: [...touched.productIds] };
}
