/** A variant's odds beside its base's: the tables view's "Odds of" and the diff view's kept questions. */
import type { LookupOddsValue } from './lookup-odds.ts';

/** Whether a value's chance differs from the base's (beyond rounding of exact fractions). */
export const chanceChanged = (mine: LookupOddsValue | undefined, base: LookupOddsValue | undefined): boolean => Math.abs((mine?.percent ?? 0) - (base?.percent ?? 0)) > 1e-9;

/** The variant's values and the base's, each once: numbers in order, else the variant's order, then what only the base gives. */
export function withBase(mine: readonly LookupOddsValue[], base: readonly LookupOddsValue[], numeric: boolean): Array<{ value: string; mine?: LookupOddsValue; base?: LookupOddsValue }> {
  const values = [...new Set([...mine.map((v) => v.value), ...base.map((v) => v.value)])];
  if (numeric && values.every((v) => v !== '' && Number.isFinite(Number(v)))) values.sort((x, y) => Number(x) - Number(y));
  return values.map((value) => ({ value, mine: mine.find((v) => v.value === value), base: base.find((v) => v.value === value) }));
}
