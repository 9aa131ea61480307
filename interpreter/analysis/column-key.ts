// Imports nothing: the editor's tables view uses it on the main thread (an editor entry point).

/**
 * A value that selects a column, as rules-language text: a number band its first value (`2-3` →
 * 2, `16+` → 16), a name itself, any other label as a text literal (`1:2` → `"1:2"`, an odds
 * column; its first digit would select no column).
 */
export function columnKeyText(label: string): string {
  const band = /^\s*(-?\d+)\s*(?:-\s*-?\d+|\+)?\s*$/.exec(label);
  if (band) return band[1]!;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(label) ? label : JSON.stringify(label).replace(/[{}]/g, (c) => `\\${c}`);
}
