import type { BreakdownLine } from '../analysis/odds-breakdown.ts';
import type { Program } from '../runtime/index.ts';
import { breakdownLines, valueLabels } from '../analysis/odds-text.ts';

export { valueText, valueLabels } from '../analysis/odds-text.ts';

const pct = (x: number) => `${(x * 100).toFixed(2).padStart(6)}%`;

/** For each value, the cells that gave it and their chance; lines past `max` are counted. */
export function formatBreakdown(all: readonly BreakdownLine[], max: number, label = valueLabels(all.map((l) => l.value))): string {
  const lines = breakdownLines(all);
  const shown = lines.slice(0, max);
  const width = Math.max(5, ...shown.map((l) => label(l.value).length));
  const pw = Math.max(7, ...shown.map((l) => l.p.length));
  const out = [`  which cells gave each value:`, `  ${'value'.padEnd(width)}  ${'exactly'.padStart(pw)}  ${'chance'.padStart(7)}  cells`];
  for (const l of shown) out.push(`  ${label(l.value).padEnd(width)}  ${l.p.padStart(pw)}  ${pct(l.decimal)}  ${l.cells}`);
  if (lines.length > shown.length) out.push(`  … ${lines.length - shown.length} more lines (--json lists them all)`);
  return `${out.join('\n')}\n`;
}

/** What the answer assumed (how a pile of cards was drawn from), one line each. */
export function formatNotes(notes: readonly string[] | undefined): string {
  return (notes ?? []).map((n) => `  note: ${n}\n`).join('');
}

/** What `rulesmith odds <ruleset>` can be asked: the questions the rules keep, rolled tables, decks. */
export interface Askable {
  questions: Array<{ id: string; name?: string; expression: string }>;
  tables: Array<{ id: string; name?: string; roll: string }>;
  /** Tables without a roll of their own: asked with the key the rules read them by (`turns[1d6]`). */
  keyed: Array<{ id: string; name?: string }>;
  decks: Array<{ id: string; name?: string }>;
}

export function askable(program: Program): Askable {
  const named = (x: { name?: unknown }) => (typeof x.name === 'string' ? { name: x.name } : {});
  return {
    questions: Object.entries(program.data.odds ?? {}).flatMap(([id, q]) => (typeof q.expression === 'string' ? [{ id, ...named(q), expression: q.expression }] : [])),
    tables: Object.entries(program.data.tables ?? {}).filter(([, t]) => typeof t.roll === 'string').map(([id, t]) => ({ id, ...named(t), roll: t.roll as string })),
    keyed: Object.entries(program.data.tables ?? {}).filter(([, t]) => typeof t.roll !== 'string').map(([id, t]) => ({ id, ...named(t) })),
    decks: Object.keys(program.data.decks ?? {}).map((id) => ({ id, ...named(program.data.decks![id]!) })),
  };
}

/** The list, with the command for each: a designer who typed only the ruleset learns what to ask. */
export function formatAskable(a: Askable, path: string): string {
  const ask = (what: string) => `rulesmith odds ${path} ${/^[\w-]+$/.test(what) ? what : JSON.stringify(what)}`;
  const out: string[] = [];
  const section = (title: string, rows: Array<[string, string]>) => {
    if (!rows.length) return;
    const width = Math.max(...rows.map(([id]) => id.length));
    out.push(title, ...rows.map(([id, text]) => `  ${id.padEnd(width)}  ${text}`), '');
  };
  section('Questions the rules keep (odds:):', a.questions.map((q) => [q.id, `${q.name ? `${q.name}: ` : ''}${q.expression}`]));
  section('Tables with a roll:', a.tables.map((t) => [t.id, `${t.name ? `${t.name}, ` : ''}${t.roll}`]));
  section('Tables read by key: ask a lookup with dice where the rules roll for the key (`table[1d6 + 2]`):', a.keyed.map((t) => [t.id, t.name ?? '']));
  section('Decks (the chance of each card to be drawn next):', a.decks.map((d) => [d.id, d.name ?? '']));
  const first = a.questions[0]?.id ?? a.tables[0]?.id ?? a.decks[0]?.id;
  out.push(first ? `Ask one by its id (${ask(first)}), or any expression: ${ask('2d6 >= 9')}.` : `No kept question, rolled table or deck: ask any expression, e.g. ${ask('2d6 >= 9')}.`);
  return `${out.join('\n')}\n`;
}

