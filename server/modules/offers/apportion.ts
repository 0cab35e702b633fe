/**
 * A coupon's saving shared over the lines it covers in proportion to their prices, to the paisa: each
 * line's share is rounded down, and the paise left over go one each to the lines with the largest
 * remainders (the earlier line first on a tie), so the shares always add up to the saving.
 */
export function apportion(savingPaise: number, linePaise: readonly number[]): number[] {
  const total = linePaise.reduce((sum, paise) => sum + paise, 0);
  if (total === 0 || savingPaise === 0) return linePaise.map(() => 0);
  if (savingPaise > total) throw new Error(`a saving of ${savingPaise} paise exceeds the lines' ${total}`);
  const exact = linePaise.map((paise) => (savingPaise * paise) / total);
  const shares = exact.map(Math.floor);
  let left = savingPaise - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] = (shares[i] as number) + 1;
    left--;
  }
  return shares;
}
