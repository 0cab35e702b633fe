import { MAX_UNITS_PER_PRODUCT } from '../../../contract/shopping-rules.ts';

/** A visitor's bag line as the shopper knows it. */
export interface GuestLine {
  name: string;
  /** '' for accessories */
  size: string;
  quantity: number;
}

/** What the account's line of a size holds, and what bounds it, when a visitor's line joins it. */
export interface MergeInput {
  /** units of this size already in the account's bag */
  existing: number;
  /** units of this size in the visitor's bag */
  added: number;
  /** units of the same product in the account's bag in its other sizes */
  otherSizes: number;
  /** units of this size that can be bought now */
  available: number;
  withdrawn: boolean;
}

export type MergeReason = 'kept' | 'capped' | 'stock' | 'soldOut' | 'withdrawn';

export interface Merged {
  /** units of this size in the account's bag after the merge; never fewer than it had */
  quantity: number;
  /** what the shopper asked for: the account's units plus the visitor's */
  wanted: number;
  reason: MergeReason;
}

/**
 * Quantities add up to MAX_UNITS_PER_PRODUCT and the size's stock; the account's own units are never taken
 * away.
 */
export function mergedQuantity(input: MergeInput): Merged {
  const wanted = input.existing + input.added;
  if (input.withdrawn) return { quantity: input.existing, wanted, reason: 'withdrawn' };
  const byCap = MAX_UNITS_PER_PRODUCT - input.otherSizes;
  const limit = Math.min(byCap, input.available);
  if (wanted <= limit) return { quantity: wanted, wanted, reason: 'kept' };
  const quantity = Math.max(input.existing, limit);
  if (input.available >= byCap) return { quantity, wanted, reason: 'capped' };
  return { quantity, wanted, reason: input.available <= 0 ? 'soldOut' : 'stock' };
}

/** The sentence that tells the shopper how a visitor's line changed at login; undefined when it did not. */
export function bagChange(line: GuestLine, merged: Merged): string | undefined {
  const label = line.size ? `${line.name} (size ${line.size})` : line.name;
  const instead = `${merged.quantity} in your bag instead of ${merged.wanted}`;
  switch (merged.reason) {
    case 'kept':
      return undefined;
    case 'capped':
      return `${label}: capped at ${MAX_UNITS_PER_PRODUCT} per product; ${instead}.`;
    case 'stock':
      return `${label}: reduced to stock; ${instead}.`;
    case 'soldOut':
      return `${label} is sold out and was taken out of your bag.`;
    case 'withdrawn':
      return `${label} has been withdrawn from sale and was taken out of your bag.`;
  }
}
