/**
 * A search's words as posting lists: per word, the ordinals of the shard's products that hold it. A
 * list only ever grows at its end (ordinals are appended), and is renumbered when its shard compacts.
 */
import { setBit, wordsFor } from './bitset.ts';

/**
 * A growing list of ordinals, ascending (ordinals are only ever appended). A list holding at least one
 * ordinal in 32 is also kept as a bitset, ORed word by word: a search's prefix or a common word unites
 * lists of thousands of products, which set bit by bit were most of a suggestion's time.
 */
export class Postings {
  data = new Int32Array(4);
  length = 0;
  /** the first `denseUpTo` ordinals as a bitset, made on first use and brought up to date on each */
  private dense: Uint32Array | undefined;
  private denseUpTo = 0;

  push(ordinal: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = ordinal;
  }

  trim(): void {
    this.data = this.data.slice(0, this.length);
  }

  /** Sets the list's ordinals in `bits`, which spans every ordinal of the shard. */
  orInto(bits: Uint32Array): void {
    if (this.length < bits.length) {
      for (let i = 0; i < this.length; i++) setBit(bits, this.data[i] as number);
      return;
    }
    const dense = this.denseBits();
    const words = Math.min(dense.length, bits.length);
    for (let i = 0; i < words; i++) bits[i] = (bits[i] as number) | (dense[i] as number);
  }

  private denseBits(): Uint32Array {
    const words = wordsFor((this.data[this.length - 1] as number) + 1);
    if (!this.dense || this.dense.length < words) {
      // with room, as the list grows with its shard
      const grown = new Uint32Array(words + (words >>> 1));
      if (this.dense) grown.set(this.dense);
      this.dense = grown;
    }
    for (; this.denseUpTo < this.length; this.denseUpTo++)
      setBit(this.dense, this.data[this.denseUpTo] as number);
    return this.dense;
  }

  /** Each ordinal renumbered by `map`, those mapped to -1 dropped (the map keeps the order). */
  renumber(map: Int32Array): void {
    this.dense = undefined;
    this.denseUpTo = 0;
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const ordinal = map[this.data[i] as number] as number;
      if (ordinal >= 0) this.data[kept++] = ordinal;
    }
    this.length = kept;
  }
}

/** The ordinal once in each word's list (a word may be written twice). */
export function addPostings(map: Map<string, Postings>, words: string[], o: number): void {
  for (const word of words) {
    let list = map.get(word);
    if (!list) {
      list = new Postings();
      map.set(word, list);
    }
    if (list.length === 0 || list.data[list.length - 1] !== o) list.push(o);
  }
}
