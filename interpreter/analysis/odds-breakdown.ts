import type { Program } from '../runtime/program.ts';
import type { GameSetup } from '../runtime/init.ts';
import type { LookupTrace } from '../runtime/tables.ts';
import { exactOdds, type Distribution, type OddsError } from './odds.ts';
import { Fraction } from './fraction.ts';

/** One table lookup of a breakdown line: the cell read, and how its keys were reached. */
export interface CellStep {
  table: string;
  /** The table's `name:`, when it has one. */
  name?: string;
  /** The row read (its label). */
  row: string;
  /** The row keys, after modifiers, that read this row on this line's paths, in order. */
  keys: Array<number | string>;
  /** The roll the row key came from, when one roll gave it (`roll on` a table: the table's own). */
  roll?: string;
  /** Row key minus that roll's total: what the rules added to the roll (0 for `roll on`). */
  modifier?: number;
  /** A cross table's column: the key, the band it selects, the shift, the column read. */
  column?: { key: number | string; band: string; shift: number; used: string; clamped: boolean };
  /** The cell's value (an expression cell: what it evaluated to). */
  value: unknown;
}

/** Paths that end in the same value through the same cells, with their total probability. */
export interface BreakdownLine {
  value: unknown;
  p: string;
  decimal: number;
  lookups: CellStep[];
}

export interface OddsWithBreakdown extends Distribution {
  /** Empty when the expression reads no table. */
  breakdown: BreakdownLine[];
}

type Event = { roll: { notation: string; total: number } } | { lookup: LookupTrace };

interface Group {
  value: unknown;
  p: Fraction;
  steps: CellStep[];
  keys: Array<Set<number | string>>;
}

/**
 * The exact distribution of an expression together with which table cells produced each value:
 * every path of the enumeration is traced (its rolls and lookups, in order), and paths that read
 * the same cells with the same modifiers and end in the same value are added up.
 */
export function oddsBreakdown(program: Program, text: string, setup: GameSetup = { seed: 'odds' }): OddsWithBreakdown | OddsError {
  let events: Event[] = [];
  let groups = new Map<string, Group>();
  const tables = program.data.tables ?? {};
  const d = exactOdds(program, text, setup, {
    trace: {
      lookup: (l) => { events.push({ lookup: l }); },
      roll: (notation, total) => { events.push({ roll: { notation, total } }); },
    },
    reset: () => { events = []; groups = new Map(); },
    path: (value, weight) => {
      const steps = stepsOf(events, tables);
      events = [];
      if (steps.length === 0) return;
      // Keys are what varies inside a line; everything else about a step tells lines apart.
      const id = JSON.stringify([value, steps.map(({ keys: _keys, ...rest }) => rest)]);
      const g = groups.get(id);
      if (g) {
        g.p = g.p.plus(weight);
        steps.forEach((s, i) => { for (const k of s.keys) g.keys[i]!.add(k); });
      } else {
        groups.set(id, { value, p: weight, steps, keys: steps.map((s) => new Set(s.keys)) });
      }
    },
  });
  if ('error' in d) return d;
  const lines = [...groups.values()].map((g): BreakdownLine => ({
    value: g.value,
    p: g.p.toString(),
    decimal: g.p.toNumber(),
    lookups: g.steps.map((s, i) => ({ ...s, keys: [...g.keys[i]!].sort(byValue) })),
  }));
  // In the distribution's order of values; within a value, by the first lookup's keys.
  const order = new Map(d.outcomes.map((o, i) => [JSON.stringify(o.value), i]));
  lines.sort((a, b) => (order.get(JSON.stringify(a.value))! - order.get(JSON.stringify(b.value))!) || byValue(a.lookups[0]!.keys[0]!, b.lookups[0]!.keys[0]!));
  return { ...d, breakdown: lines };
}

function stepsOf(events: readonly Event[], tables: Readonly<Record<string, { name?: unknown }>>): CellStep[] {
  const steps: CellStep[] = [];
  let rolls: Array<{ notation: string; total: number }> = [];
  for (const e of events) {
    if ('roll' in e) { rolls.push(e.roll); continue; }
    const l = e.lookup;
    // The roll a row key came from: `roll on`'s own (the last roll), or the one roll made since
    // the previous lookup. With several rolls, which one the key holds is not knowable from here.
    const from = l.rolled ? rolls[rolls.length - 1] : rolls.length === 1 ? rolls[0] : undefined;
    const name = tables[l.table]?.name;
    steps.push({
      table: l.table,
      ...(typeof name === 'string' ? { name } : {}),
      row: l.row,
      keys: [l.rowKey],
      ...(from && typeof l.rowKey === 'number' ? { roll: from.notation, modifier: l.rowKey - from.total } : {}),
      ...(l.column ? { column: l.column } : {}),
      value: l.value ?? null,
    });
    rolls = [];
  }
  return steps;
}

function byValue(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
