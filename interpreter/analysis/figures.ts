/**
 * Numbers as the comparisons print them (the CLI, the HTML report, the verdict): negatives with a
 * true minus sign, changes with their sign, and a value that rounds to zero with none, so a change
 * of −1e-16 reads `±0.00`, not `−0.00`, and an interval end `0.00`. Imports nothing.
 */

/** A formatted number with `−` for `-`, and no sign at all when what is shown is zero (`-0.00`). */
export const minus = (text: string): string => (/^-[0.]*%?$/.test(text) ? text.slice(1) : text.replace(/^-/, '−'));

/** A share (0..1) as a percentage with one decimal: `12.5%`, `−3.0%`. */
export const pct = (x: number): string => minus(`${(x * 100).toFixed(1)}%`);

/** A mean with two decimals; `?` for an unbounded interval end. */
export const num = (x: number): string => (Number.isFinite(x) ? minus(x.toFixed(2)) : '?');

/** A change with its sign, `+`, `−`, or `±` when it shows as zero: `format` writes its size. */
export function signed(x: number, format: (x: number) => string): string {
  const size = format(Math.abs(x));
  return `${/^[0.]*%?$/.test(size) ? '±' : x > 0 ? '+' : '−'}${size}`;
}
