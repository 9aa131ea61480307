/**
 * What a re-banded table changes, key by key. When a variant cuts a table's rows anew (`2-4, 5-6,
 * 7-8, 9+` → `2-3, 4-5, 6-7, 8+`), its row diff lists every row removed and added, which says
 * nothing a designer can read at a glance; going through every key the bands cover and comparing
 * what each side gives for it says exactly what changed: `key 4: 0 → 1`.
 */
import { parseBand, type Band } from '../tables/bands.ts';
import { stableStringify } from '../compile/hash.ts';

/** Keys compared at most (a table whose bands span more is left to its row diff). */
const MAX_KEYS = 1000;

type Range = Extract<Band, { kind: 'range' }>;

/**
 * The keys whose value differs, grouped into runs (`keys 4-5: 0 → 1`, one line per column of a
 * cross table), when the two sides' rows are numeric bands cut differently; undefined otherwise.
 */
export function keyChanges(a: Record<string, unknown>, b: Record<string, unknown>, columns: readonly string[]): string[] | undefined {
  const la = Object.keys(a);
  const lb = Object.keys(b);
  if (la.length === lb.length && la.every((k) => k in b)) return undefined;
  const bands = (rows: Record<string, unknown>, labels: string[]) => labels.map((l) => ({ band: parseBand(l), value: rows[l] }));
  const sa = bands(a, la);
  const sb = bands(b, lb);
  const all = [...sa, ...sb].map((r) => r.band);
  if (!all.every((x): x is Range => x.kind === 'range')) return undefined;
  // Rows only added or removed read plainly in the row diff; only rows cut anew (a band of one
  // side overlapping another band of the other) are compared key by key.
  const onlyA = sa.filter((_, i) => !(la[i]! in b)).map((r) => r.band as Range);
  const onlyB = sb.filter((_, i) => !(lb[i]! in a)).map((r) => r.band as Range);
  if (!onlyA.some((x) => onlyB.some((y) => x.from <= y.to && y.from <= x.to))) return undefined;
  const from = Math.min(...all.map((x) => x.from));
  const top = Math.max(...all.map((x) => (x.to === Infinity ? x.from : x.to)));
  if (!Number.isFinite(from) || top - from > MAX_KEYS) return undefined;
  // Past the last finite bound every key reads the same rows: one more key stands for them all.
  const open = all.some((x) => x.to === Infinity);
  const at = (side: typeof sa, k: number) => side.find((r) => (r.band as Range).from <= k && k <= (r.band as Range).to)?.value;
  const width = Math.max(1, columns.length, ...[...sa, ...sb].map((r) => (Array.isArray(r.value) ? r.value.length : 1)));
  const out: string[] = [];
  for (let c = 0; c < width; c++) {
    const cell = (v: unknown) => (Array.isArray(v) ? v[c] : c === 0 ? v : undefined);
    let run: { first: number; last: number; old: string; now: string } | null = null;
    const flush = (last: boolean) => {
      if (!run) return;
      // A run that reaches past the last bound goes on for every key after it.
      const keys = last && open ? `keys ${run.first}+` : run.first === run.last ? `key ${run.first}` : `keys ${run.first}-${run.last}`;
      out.push(`${keys}${width > 1 ? `, column ${columns[c] ?? c + 1}` : ''}: ${run.old} → ${run.now}`);
      run = null;
    };
    const end = open ? top + 1 : top;
    for (let k = from; k <= end; k++) {
      const old = show(cell(at(sa, k)));
      const now = show(cell(at(sb, k)));
      if (old === now) { flush(false); continue; }
      if (run && run.old === old && run.now === now && run.last === k - 1) run.last = k;
      else { flush(false); run = { first: k, last: k, old, now }; }
      if (k === end) flush(true);
    }
    flush(false);
  }
  return out;
}

const show = (v: unknown): string => (v === undefined ? '(no row)' : typeof v === 'string' ? v : stableStringify(v));
