import { isRecord } from '../check/context.ts';
import { bandContains, parseBand } from '../tables/bands.ts';
import { RuleError, type SourceAt } from './errors.ts';
import type { Frame } from './frame.ts';
import { fromStored } from './persist.ts';
import type { CompiledScript } from './program.ts';
import type { Runtime } from './runtime.ts';
import { logRow } from './tables.ts';
import { EntityRef, record, toNumber, toText, type Rec, type Value } from './values.ts';

/** A table row's `effect:` with its locals (the table's `params`, then `row`). */
function rowEffectOf(rt: Runtime, table: string, keys: Value[], args: Value[], at: SourceAt, read: string[], rolled: boolean): { script: CompiledScript | undefined; locals: Rec } {
  const rows = rt.def('tables', table)?.rows;
  const k = keys[0] ?? null;
  const key = k instanceof EntityRef ? k.id : toNumber(k) ?? toText(k);
  const label = isRecord(rows) ? Object.keys(rows).find((l) => bandContains(parseBand(l), key)) : undefined;
  if (label === undefined) throw new RuleError('no-table-row', `Table \`${table}\` has no row for ${key}.`, at, 'Add a row for it, or keep the key within the table\'s domain.');
  const row = fromStored(rt, (rows as Record<string, unknown>)[label]);
  if (rt.logging) logRow(rt, table, label, key, row, at, read, rolled);
  const script = rt.script(['tables', table, 'rows', label, 'effect']);
  const params = rt.def('tables', table)?.params;
  const names = Array.isArray(params) ? params.map(String) : [];
  return { script, locals: record([...names.map((n, i): [string, Value] => [n, args[i] ?? null]), ['row', row]]) };
}

/** `resolve(table[key], …)` as a statement of the top frame: run that row's effect (a row without one does nothing). */
export function resolveRow(rt: Runtime, caller: Frame, table: string, keys: Value[], args: Value[], ret: number, at: SourceAt, read: string[] = [], rolled = false): void {
  const { script, locals } = rowEffectOf(rt, table, keys, args, at, read, rolled);
  if (!script) caller.slots[ret] = null;
  else rt.enter(script, locals, ret);
}

/** `resolve(table[key], …)` inside an expression: the effect must not ask anyone. */
export function resolveRowNow(rt: Runtime, table: string, keys: Value[], args: Value[], at: SourceAt, read: string[] = [], rolled = false): Value {
  const { script, locals } = rowEffectOf(rt, table, keys, args, at, read, rolled);
  return script ? rt.runNow(script, locals, "This row's effect") : null;
}
