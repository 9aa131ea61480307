/**
 * Row and column labels of tables: `3`, `2-3` / `2..3` (inclusive), `16+` (open), `-1`, or a name.
 * Shared by the checker (coverage) and the runtime (lookup), so both read labels the same way.
 */
export type Band =
  | { kind: 'range'; from: number; to: number } // to may be Infinity
  | { kind: 'key'; key: string };

const SINGLE = /^\s*([+-]?\d+)\s*$/;
const SPAN = /^\s*([+-]?\d+)\s*(?:-|\.\.|–)\s*([+-]?\d+)\s*$/;
const OPEN = /^\s*([+-]?\d+)\s*\+\s*$/;

export function parseBand(label: string | number): Band {
  if (typeof label === 'number') return { kind: 'range', from: label, to: label };
  let m = SINGLE.exec(label);
  if (m) return { kind: 'range', from: Number(m[1]), to: Number(m[1]) };
  m = SPAN.exec(label);
  if (m) return { kind: 'range', from: Number(m[1]), to: Number(m[2]) };
  m = OPEN.exec(label);
  if (m) return { kind: 'range', from: Number(m[1]), to: Infinity };
  return { kind: 'key', key: label.trim() };
}

export function bandContains(band: Band, value: number | string): boolean {
  if (band.kind === 'key') return String(value) === band.key;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= band.from && n <= band.to;
}

export function formatBand(band: Band): string {
  if (band.kind === 'key') return band.key;
  if (band.to === Infinity) return `${band.from}+`;
  return band.from === band.to ? String(band.from) : `${band.from}-${band.to}`;
}

/**
 * The set of values a table index can take. `values` for finite numeric or named domains;
 * `from`/`to` for integer intervals (to may be Infinity for `0+`).
 */
export type Domain =
  | { kind: 'values'; values: Array<number | string> }
  | { kind: 'interval'; from: number; to: number };

/** Parse a declared domain: "0..200", "0+", "1-6", or a list of keys/numbers. */
export function parseDomain(spec: unknown): Domain | undefined {
  if (Array.isArray(spec)) {
    return { kind: 'values', values: spec.map((v) => (typeof v === 'number' ? v : String(v))) };
  }
  if (typeof spec === 'number') return { kind: 'values', values: [spec] };
  if (typeof spec !== 'string') return undefined;
  const band = parseBand(spec);
  if (band.kind === 'range') return { kind: 'interval', from: band.from, to: band.to };
  return undefined;
}
