import type { Program } from '../runtime/program.ts';
import type { ElementChange } from './diff.ts';
import { exactOdds, type Distribution } from './odds.ts';

/** One side of an odds comparison: the expression rolled and its exact distribution, or why not. */
export type OddsSide = { expression: string } & (Distribution | { error: string });

/** A changed table column, die, deck or dice expression: its distribution before and after. */
export interface OddsChange {
  /** `tables.crt column 2-3`, `dice.colour`, `decks.events`, `tables.crt.roll`. */
  label: string;
  source?: string;
  /** What the distributions are of, when the expression alone does not say (a deck's). */
  about?: string;
  before: OddsSide;
  after: OddsSide;
  /** Whether the two distributions differ (a changed cell may not move the odds of a column). */
  changed: boolean;
}

export { columnKeyText } from './column-key.ts';
import { columnKeyText } from './column-key.ts';

const DICE = /^\s*\d*d(\d+|\[[A-Za-z_]\w*\])(\s*[-+*]\s*\d+)?\s*$/;


function rollsOn(program: Program, table: string): Array<{ label: string; expr: string }> {
  const t = program.data.tables?.[table];
  // A table read by key (`results[1d6 + card.ops]`) has no roll of its own to compare: its
  // odds depend on the roll each lookup makes (`rulesmith odds`, the editor's Odds of); the
  // diff's grid shows what changed in it.
  if (!t || t.roll === undefined) return [];
  if (Array.isArray(t.columns)) return t.columns.map((c) => ({ label: `tables.${table} column ${String(c)}`, expr: `roll on ${table} column ${columnKeyText(String(c))}` }));
  return [{ label: `tables.${table}`, expr: `roll on ${table}` }];
}

/**
 * The outcome distributions before and after for every changed table (each column of a cross
 * table), every changed die, every changed deck (each card's chance to be the first drawn from the
 * full, shuffled deck: odds-cards.ts) and every value that is a dice expression (`roll: 2d6` → `3d6`).
 * Elements only one ruleset has are left out: there is nothing to compare them with.
 */
export function oddsChanges(base: Program, variant: Program, changes: readonly ElementChange[], options: { base?: Record<string, unknown>; variant?: Record<string, unknown> } = {}): OddsChange[] {
  const out: OddsChange[] = [];
  const side = (program: Program, expression: string, opts?: Record<string, unknown>): OddsSide => {
    const d = exactOdds(program, expression, { seed: 'odds', options: opts ?? {} });
    return { expression, ...d };
  };
  const add = (label: string, source: string | undefined, before: string, after: string, about?: string) => {
    const b = side(base, before, options.base);
    const a = side(variant, after, options.variant);
    out.push({ label, ...(source ? { source } : {}), ...(about ? { about } : {}), before: b, after: a, changed: JSON.stringify(strip(b)) !== JSON.stringify(strip(a)) });
  };
  // The questions the rules keep (`odds:`), asked of both whether or not the variant names them:
  // a table or procedure they read may have changed. Listed first, by id.
  const kept = (p: Program) => p.data.odds ?? {};
  for (const id of Object.keys(kept(base))) {
    const [b, v] = [kept(base)[id], kept(variant)[id]];
    if (typeof b?.expression === 'string' && typeof v?.expression === 'string') add(`odds.${id}`, v.source ?? b.source, b.expression, v.expression, typeof v.name === 'string' ? v.name : undefined);
  }
  for (const c of changes) {
    if (c.change !== 'changed') continue;
    if (c.section === 'tables') {
      const after = rollsOn(variant, c.id);
      for (const q of rollsOn(base, c.id)) {
        const match = after.find((x) => x.label === q.label);
        if (match) add(q.label, c.source, q.expr, match.expr);
      }
    } else if (c.section === 'dice') {
      // The face rolled, whole: a change of a face's colour or symbol moves these odds too.
      add(`dice.${c.id}`, c.source, `(1d[${c.id}]).faces[1]`, `(1d[${c.id}]).faces[1]`);
    } else if (c.section === 'decks' && base.data.decks?.[c.id] && variant.data.decks?.[c.id]) {
      const size = (p: Program) => ((p.data.decks?.[c.id] as { cards?: unknown }).cards as Array<{ count?: unknown }> | undefined ?? []).reduce((n, card) => n + (typeof card?.count === 'number' ? card.count : 1), 0);
      const [from, to] = [size(base), size(variant)];
      add(`decks.${c.id}`, c.source, `draw from ${c.id}`, `draw from ${c.id}`, `each card's chance to be the first drawn from the full, shuffled deck (${from === to ? from : `${from} → ${to}`} cards)`);
    }
    for (const v of c.values ?? []) {
      if (typeof v.old === 'string' && typeof v.new === 'string' && DICE.test(v.old) && DICE.test(v.new)) {
        add(`${c.section === c.id ? c.id : `${c.section}.${c.id}`}.${v.path}`, c.source, `(${v.old}).total`, `(${v.new}).total`);
      }
    }
  }
  return out;
}

/** The distribution without its expression, to tell whether the odds moved. */
function strip(s: OddsSide): unknown {
  return 'error' in s ? { error: s.error } : s.outcomes.map((o) => [o.value, o.p]);
}
