import type { Expr } from '../../grammar/index.ts';
import { rollWeights, type DieShape } from '../dice/distribution.ts';
import { bandContains, formatBand, parseBand, type Band } from '../tables/bands.ts';
import { codeList, isRecord, type Report } from './context.ts';

/** Most distinct totals a key is followed through; beyond that it is not checked. */
const MAX_TOTALS = 10_000;

/** A key written out: a number, a negative number, or a text without interpolation. */
export function literalKey(e: Expr): number | string | undefined {
  if (e.kind === 'number') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
  if (e.kind === 'string' && e.parts.every((p) => typeof p === 'string')) return e.parts.join('');
  return undefined;
}

/**
 * What a lookup's row key (`what` 'row') or column key ('column') says of the table, as the
 * runtime reads it (runtime/tables.ts: the first band holding the key, or the game stops with
 * `no-table-row` / `no-table-column`):
 * - a key written out (`t[7, 5]`, `t["r"]`) that no label holds: an error, every time it runs;
 * - a sum of dice and whole numbers (`2d6 + 1`, `1d6 - 1`): an error when no total has a label,
 *   a warning (`roll-outside-table`) when some totals have none, the game stopping on those rolls.
 * Anything else (a variable, `min(2d6 + 1, 12)`, `2 * 1d6`) is not checked.
 */
export function tableKeyReport(table: Record<string, unknown> | undefined, id: string, key: Expr, dice: unknown, what: 'row' | 'column'): Report | undefined {
  const labels = what === 'row' ? (isRecord(table?.rows) ? Object.keys(table.rows) : []) : Array.isArray(table?.columns) ? table.columns.map(String) : [];
  if (labels.length === 0) return undefined;
  const bands = labels.map(parseBand);
  const held = (k: number | string) => bands.some((b) => bandContains(b, k));
  const literal = literalKey(key);
  if (literal !== undefined) {
    const tries = typeof literal === 'string' && literal.trim() !== '' && Number.isFinite(Number(literal)) ? [literal, Number(literal)] : [literal];
    if (tries.some(held)) return undefined;
    return {
      code: what === 'row' ? 'no-table-row' : 'no-table-column',
      message: `\`${id}\` has no ${what} for ${typeof literal === 'string' ? `"${literal}"` : literal}: its ${what}s are ${codeList(labels, 8)}.`,
      hint: `Look up a key one of its ${what}s holds, or add a ${what} for this one.`,
    };
  }
  const totals = keyTotals(key, dice);
  if (!totals) return undefined;
  const missing = [...totals].filter((n) => !held(n)).sort((a, b) => a - b);
  if (missing.length === 0) return undefined;
  const text = sumText(key);
  const sorted = [...totals].sort((a, b) => a - b);
  if (missing.length === totals.size) {
    return {
      code: what === 'row' ? 'no-table-row' : 'no-table-column',
      message: `\`${text}\` is ${runs(sorted)}, and no ${what} of \`${id}\` holds ${totals.size === 1 ? 'it' : 'any of these'}: its ${what}s are ${codeList(labels, 8)}.`,
      hint: `Look up a key one of its ${what}s holds, or add ${what}s for these totals.`,
    };
  }
  const extent = bandExtent(bands);
  return {
    severity: 'warning',
    code: 'roll-outside-table',
    message: `\`${text}\` can be ${runs(missing)}, which no ${what} of \`${id}\` holds (${extent ? `${what}s ${extent.text}` : `its ${what}s are ${codeList(labels, 8)}`}): the game stops when it is rolled.`,
    hint: outsideHint(what, text, missing, extent),
  };
}

/** The totals a sum of dice and whole numbers can take; `undefined` for any other expression. */
export function keyTotals(e: Expr, dice: unknown): Set<number> | undefined {
  switch (e.kind) {
    case 'number':
      return Number.isInteger(e.value) ? new Set([e.value]) : undefined;
    case 'unary': {
      const inner = e.op === '-' ? keyTotals(e.operand, dice) : undefined;
      return inner && new Set([...inner].map((n) => -n));
    }
    case 'dice': {
      const die = dieShape(e.die, dice);
      const weights = die && e.count.kind === 'number' ? rollWeights({ count: e.count.value, die }) : undefined;
      if (!weights || weights.size > MAX_TOTALS) return undefined;
      const values = [...weights.keys()];
      return values.every((v): v is number => typeof v === 'number' && Number.isInteger(v)) ? new Set(values) : undefined;
    }
    case 'binary': {
      if (e.op !== '+' && e.op !== '-') return undefined;
      const left = keyTotals(e.left, dice);
      const right = left && keyTotals(e.right, dice);
      if (!left || !right || left.size * right.size > MAX_TOTALS * 100) return undefined;
      const out = new Set<number>();
      for (const a of left) for (const b of right) out.add(e.op === '+' ? a + b : a - b);
      return out.size > MAX_TOTALS ? undefined : out;
    }
    default:
      return undefined;
  }
}

/** The die of a dice expression, a named one read from `dice:`; `undefined` when unknown. */
function dieShape(die: Extract<Expr, { kind: 'dice' }>['die'], dice: unknown): DieShape | undefined {
  if ('sides' in die) return { kind: 'sides', sides: die.sides };
  if ('d66' in die) return { kind: 'd66' };
  const def = isRecord(dice) ? dice[die.named] : undefined;
  if (!isRecord(def) || !Array.isArray(def.faces)) return undefined;
  const faces = def.faces.map((f) => (isRecord(f) ? f.value : f));
  return faces.every((f) => typeof f === 'number' || typeof f === 'string') ? { kind: 'faces', faces: faces as Array<number | string> } : undefined;
}

/** A sum of dice and numbers as it is written (the parser keeps no parentheses: they are put back where needed). */
function sumText(e: Expr): string {
  switch (e.kind) {
    case 'number': return String(e.value);
    case 'unary': return `-${e.operand.kind === 'binary' ? `(${sumText(e.operand)})` : sumText(e.operand)}`;
    case 'dice': {
      const count = e.count.kind === 'number' && e.count.span.end > e.count.span.start ? String(e.count.value) : '';
      return `${count}d${'sides' in e.die ? e.die.sides : 'd66' in e.die ? '66' : `[${e.die.named}]`}`;
    }
    case 'binary': return `${sumText(e.left)} ${e.op} ${e.right.kind === 'binary' ? `(${sumText(e.right)})` : sumText(e.right)}`;
    default: return '…';
  }
}

/** Sorted whole numbers as runs: `13`, `0 or 13`, `13 to 15`. */
function runs(values: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j++;
    parts.push(j === i ? String(values[i]) : j === i + 1 ? `${values[i]}, ${values[j]}` : `${values[i]} to ${values[j]}`);
    i = j + 1;
  }
  const shown = parts.length > 6 ? [...parts.slice(0, 5), `${parts.length - 5} more`] : parts;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

/** Number bands that join into one stretch (`2-4`, `5-9`, `10-12` → 2–12); `undefined` otherwise. */
function bandExtent(bands: Band[]): { from: number; to: number; text: string } | undefined {
  const ranges = bands.filter((b): b is Extract<Band, { kind: 'range' }> => b.kind === 'range').sort((a, b) => a.from - b.from);
  if (ranges.length === 0 || ranges.length !== bands.length) return undefined;
  let to = ranges[0]!.to;
  for (const r of ranges.slice(1)) {
    if (r.from > to + 1) return undefined;
    to = Math.max(to, r.to);
  }
  const from = ranges[0]!.from;
  return { from, to, text: to === Infinity ? `${from} and up` : from === to ? String(from) : `${from}–${to}` };
}

function outsideHint(what: 'row' | 'column', text: string, missing: number[], extent: { from: number; to: number } | undefined): string {
  if (!extent) return `Add a ${what} for ${missing.length === 1 ? 'it' : 'them'}, or keep the key within the ${what}s.`;
  const above = missing.filter((n) => n > extent.to);
  const below = missing.filter((n) => n < extent.from);
  const add = [below.length > 0 ? formatBand({ kind: 'range', from: below[0]!, to: extent.from - 1 }) : '', above.length > 0 ? `${extent.to + 1}+` : ''].filter(Boolean);
  const clamped = above.length > 0 && below.length > 0 ? `max(min(${text}, ${extent.to}), ${extent.from})` : above.length > 0 ? `min(${text}, ${extent.to})` : `max(${text}, ${extent.from})`;
  return `Add a ${what} such as ${add.map((a) => `\`${a}\``).join(' and ')}, or clamp the key: \`${clamped}\`.`;
}
