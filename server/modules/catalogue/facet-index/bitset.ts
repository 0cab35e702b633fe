/**
 * Bitsets of ordinals, as the shards keep them: Uint32Array words, ordinal i at word i >>> 5, bit
 * i & 31. A count is an AND and a population count over the words, whatever the number of matches;
 * the scratch bitsets spare a query the allocations.
 */
export const wordsFor = (size: number) => (size + 31) >>> 5;
export const setBit = (bits: Uint32Array, i: number) => {
  bits[i >>> 5] = (bits[i >>> 5] as number) | (1 << (i & 31));
};
export const setBitTo = (bits: Uint32Array, i: number, on: boolean) => {
  bits[i >>> 5] = on
    ? (bits[i >>> 5] as number) | (1 << (i & 31))
    : (bits[i >>> 5] as number) & ~(1 << (i & 31));
};
export const has = (bits: Uint32Array, i: number) => ((bits[i >>> 5] ?? 0) & (1 << (i & 31))) !== 0;

export function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countAnd(a: Uint32Array, b: Uint32Array, words: number): number {
  let count = 0;
  for (let i = 0; i < words; i++) {
    const w = (a[i] as number) & (b[i] as number);
    if (w !== 0) count += popcount(w);
  }
  return count;
}

export function anyAnd(a: Uint32Array, b: Uint32Array, words: number): boolean {
  for (let i = 0; i < words; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

export function andInto(target: Uint32Array, other: Uint32Array, words: number): void {
  for (let i = 0; i < words; i++) target[i] = (target[i] as number) & (other[i] as number);
}

/** Calls `visit` with each ordinal in the bitset, ascending. */
export function forEachBit(bits: Uint32Array, words: number, visit: (ordinal: number) => void): void {
  for (let i = 0; i < words; i++) {
    let w = bits[i] as number;
    while (w !== 0) {
      const bit = w & -w;
      w ^= bit;
      visit((i << 5) + (31 - Math.clz32(bit)));
    }
  }
}

/** Whether `test` holds for some ordinal in the bitset (asked in ascending order, until it does). */
export function someBit(bits: Uint32Array, words: number, test: (ordinal: number) => boolean): boolean {
  for (let i = 0; i < words; i++) {
    let w = bits[i] as number;
    while (w !== 0) {
      const bit = w & -w;
      w ^= bit;
      if (test((i << 5) + (31 - Math.clz32(bit)))) return true;
    }
  }
  return false;
}

/** Scratch bitsets reused from one query to the next (a query runs start to end without awaiting). */
export class Scratch {
  private readonly buffers: Uint32Array[] = [];
  private used = 0;

  reset(): void {
    this.used = 0;
  }

  /** A zeroed bitset of `words` words, valid until the next reset. */
  take(words: number): Uint32Array {
    let buffer = this.buffers[this.used];
    if (!buffer || buffer.length < words) {
      buffer = new Uint32Array(Math.max(words, buffer?.length ?? 0) * 2);
      this.buffers[this.used] = buffer;
    }
    this.used++;
    const view = buffer.subarray(0, words);
    view.fill(0);
    return view;
  }

  copy(source: Uint32Array, words: number): Uint32Array {
    const view = this.take(words);
    view.set(source.subarray(0, words));
    return view;
  }
}
