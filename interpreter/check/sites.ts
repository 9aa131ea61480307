import type { RulesetFile } from '../../grammar/index.ts';
import type { DataPath } from '../load/model.ts';
import { entries, isRecord } from './context.ts';
import { seatlessPhases } from './seats.ts';
import { walkPhases } from './symbols.ts';
import { rowType } from './table-types.ts';
import { ANY, entity, TEXT, type Ty } from './types.ts';

/** `actions.points: unlimited`: no points to spend; the phase ends when the player passes or no action is legal. */
export const UNLIMITED = 'unlimited';

/**
 * Where an action's param keeps its options: the param itself (`n: 1..player.goods`), or its
 * `options` when it is written with the question to ask (`n: { options: …, prompt: … }`).
 */
export const paramOptionsPath = (action: string, name: string, raw: unknown): DataPath =>
  isRecord(raw) ? ['actions', action, 'params', name, 'options'] : ['actions', action, 'params', name];

/** One place in the ruleset that holds rules-language text. */
export interface ScriptSite {
  path: DataPath;
  text: string;
  /**
   * `template`: text with `{expr}` interpolations, unquoted (an invariant's message). `place`: an
   * expression naming a value the rules read and also change (`actions.pool`: a track, a
   * variable, or a member or element of one), checked as the target of `-=`.
   */
  mode: 'script' | 'expression' | 'template' | 'place';
  /** Names bound around this text (procedure params, the card being played…). */
  locals: Array<[string, Ty]>;
  /** Procedures may `return`. */
  allowReturn: boolean;
  /** What an expression site must give (heuristics give numbers, invariants true or false, an action's params a list of options, a `when` a condition). */
  result?: 'number' | 'boolean' | 'options' | 'condition';
  /** Only reads the state (an invariant, an action parameter's prompt): no dice, draws, choices or procedures that act. */
  readOnly?: 'invariant' | 'prompt';
  /** Runs where no seat is active (a `by: all` phase's own scripts): `player` and `side` are none. */
  noSeat?: boolean;
  /** Runs after the rounds (`victory.do`): `player` and `side` are whoever was active last. */
  lastSeat?: boolean;
  /** A `by: each player` (or `each side`) phase's own `when`, asked once before it goes through them. */
  beforeEach?: 'each player' | 'each side';
}

/**
 * Every script and expression in a ruleset, found by position in the file format. Adding a field
 * that holds rules-language text means adding it here, and nowhere else.
 */
export function collectSites(d: RulesetFile): ScriptSite[] {
  const out: ScriptSite[] = [];
  const add = (path: DataPath, value: unknown, mode: ScriptSite['mode'], locals: ScriptSite['locals'] = [], allowReturn = false, result?: ScriptSite['result']) => {
    if (typeof value === 'string') out.push({ path, text: value, mode, locals, allowReturn, ...(result ? { result } : {}) });
  };
  for (const [id, t] of entries(d.tracks)) {
    // A per-entity track starts from an expression over that entity: `initial: area.printed_defense`.
    if (!isRecord(t)) continue;
    const per = t.per === 'player' || t.per === 'side' || t.per === 'area' || t.per === 'piece' ? t.per : undefined;
    // Tracks hold numbers (runtime.ts stops on anything else): the expression must give one.
    add(['tracks', id, 'initial'], t.initial, 'expression', per ? [[per, entity(per)]] : [], false, 'number');
    // What a seat that cannot see a value assumes in its bots' copies (runtime/determinize.ts).
    if (typeof t.guess === 'string') out.push({ path: ['tracks', id, 'guess'], text: t.guess, mode: 'expression', locals: per ? [[per, entity(per)]] : [], allowReturn: false, result: 'number' });
  }
  for (const [id, v] of entries(d.variables)) {
    if (!isRecord(v) || typeof v.guess !== 'string') continue;
    const per = v.per === 'player' || v.per === 'side' || v.per === 'area' || v.per === 'piece' ? v.per : undefined;
    out.push({ path: ['variables', id, 'guess'], text: v.guess, mode: 'expression', locals: per ? [[per, entity(per)]] : [], allowReturn: false });
  }
  for (const [id, t] of entries(d.tables)) {
    // In a table declaring `params:`, a keyed row's `effect:` is a script, run by
    // `resolve(table[key], …params)` with the row as `row`. Elsewhere `effect` is plain data.
    if (isRecord(t) && isRecord(t.rows) && !Array.isArray(t.columns) && Array.isArray(t.params)) {
      const params: Array<[string, Ty]> = Array.isArray(t.params) ? t.params.map((n): [string, Ty] => [String(n), ANY]) : [];
      // `row` is the row whose effect runs: its own fields, and `none` for those only other rows have.
      for (const [label, row] of Object.entries(t.rows)) if (isRecord(row)) add(['tables', id, 'rows', label, 'effect'], row.effect, 'script', [...params, ['row', rowType(t, id, label)]]);
    }
    if (!isRecord(t) || t.cells !== 'expression' || !isRecord(t.rows)) continue;
    for (const [label, row] of Object.entries(t.rows)) {
      if (Array.isArray(row)) row.forEach((cell, i) => add(['tables', id, 'rows', label, i], cell, 'expression'));
      else add(['tables', id, 'rows', label], row, 'expression');
    }
  }
  for (const [id, deck] of entries(d.decks)) {
    if (!isRecord(deck) || !Array.isArray(deck.cards)) continue;
    deck.cards.forEach((card, i) => {
      // In its own effect `card` is this card: a prop it has not reads none (card-ids.ts ownCardProp).
      const own = isRecord(card) && typeof card.id === 'string' ? { own: { card: card.id, props: new Set(Object.keys(isRecord(card.props) ? card.props : {})) } } : {};
      if (isRecord(card)) add(['decks', id, 'cards', i, 'effect'], card.effect, 'script', [['card', { ...entity('card', id), ...own }]]);
    });
  }
  for (const [id, p] of entries(d.procedures)) {
    if (!isRecord(p)) continue;
    const params: Array<[string, Ty]> = Array.isArray(p.params) ? p.params.map((n) => [String(n), ANY]) : [];
    add(['procedures', id, 'do'], p.do, 'script', params, true);
  }
  if (typeof d.setup === 'string') add(['setup'], d.setup, 'script');
  else if (Array.isArray(d.setup)) d.setup.forEach((s, i) => isRecord(s) && add(['setup', i, 'do'], s.do, 'script'));
  if (isRecord(d.flow)) {
    if (isRecord(d.flow.rounds)) {
      add(['flow', 'rounds', 'count'], d.flow.rounds.count, 'expression');
      add(['flow', 'rounds', 'until'], d.flow.rounds.until, 'expression', [], false, 'condition');
    }
    if (d.flow.turn_order !== 'seating' && d.flow.turn_order !== 'sides') add(['flow', 'turn_order'], d.flow.turn_order, 'expression');
    if (isRecord(d.flow.each_step)) {
      add(['flow', 'each_step', 'on_enter'], d.flow.each_step.on_enter, 'script');
      add(['flow', 'each_step', 'on_exit'], d.flow.each_step.on_exit, 'script');
    }
    const seatless = seatlessPhases(d.flow.phases);
    walkPhases(d.flow.phases, ['flow', 'phases'], (_id, path, phase) => {
      const first = out.length;
      add([...path, 'when'], phase.when, 'expression', [], false, 'condition');
      add([...path, 'on_enter'], phase.on_enter, 'script');
      add([...path, 'do'], phase.do, 'script');
      // `points: unlimited` is a word of the file format, not an expression.
      if (isRecord(phase.actions) && phase.actions.points !== UNLIMITED) add([...path, 'actions', 'points'], phase.actions.points, 'expression');
      if (isRecord(phase.actions)) {
        add([...path, 'actions', 'pool'], phase.actions.pool, 'place');
        // `pass: true`/`false`, or a condition asked before every menu.
        add([...path, 'actions', 'pass'], phase.actions.pass, 'expression', [], false, 'condition');
      }
      add([...path, 'on_exit'], phase.on_exit, 'script');
      // A phase's `when` is asked before its own `by` takes effect, as its parent left the seats.
      const whenSeatless = seatless.has(path.slice(0, -2).join('.'));
      for (const site of out.slice(first)) if (site.path.at(-1) === 'when' ? whenSeatless : seatless.has(path.join('.'))) site.noSeat = true;
      if ((phase.by === 'each player' || phase.by === 'each side') && out[first]?.path.at(-1) === 'when') out[first]!.beforeEach = phase.by;
    });
  }
  for (const [id, a] of entries(d.actions)) {
    if (!isRecord(a)) continue;
    add(['actions', id, 'when'], a.when, 'expression', [], false, 'condition');
    const params: Array<[string, Ty]> = [];
    for (const [name, raw] of entries<unknown>(a.params)) {
      add(paramOptionsPath(id, name, raw), isRecord(raw) ? raw.options : raw, 'expression', [...params], false, 'options');
      // The question asked for it (`{ options, prompt }`): a template over the choices before it.
      if (isRecord(raw)) {
        add(['actions', id, 'params', name, 'prompt'], raw.prompt, 'template', [...params]);
        if (out.at(-1)?.path.at(-1) === 'prompt') out.at(-1)!.readOnly = 'prompt';
      }
      params.push([name, ANY]);
    }
    // A cost may read the choices (`cost: distance(unit.area, to)`): then it is worked out once
    // they are made, and the last choice offers only what the player can pay for (compile/flow.ts).
    add(['actions', id, 'cost'], a.cost, 'expression', [...params]);
    add(['actions', id, 'do'], a.do, 'script', params);
  }
  if (isRecord(d.victory)) {
    add(['victory', 'when'], d.victory.when, 'expression', [], false, 'condition');
    add(['victory', 'do'], d.victory.do, 'script');
    const last = out.at(-1);
    if (last?.path.join('.') === 'victory.do') last.lastSeat = true;
  }
  if (isRecord(d.heuristics)) {
    const who = d.heuristics.per === 'player' ? 'player' : 'side';
    const number = (path: DataPath, text: unknown, as: 'side' | 'player') => {
      if (typeof text === 'string') out.push({ path, text, mode: 'expression', locals: [[as, entity(as)]], allowReturn: false, result: 'number' });
    };
    number(['heuristics', 'score'], d.heuristics.score, who);
    for (const [id, text] of entries<unknown>(d.heuristics.sides)) number(['heuristics', 'sides', id], text, 'side');
    for (const [id, prior] of entries<unknown>(d.heuristics.priors)) {
      if (!isRecord(prior) || typeof prior.score !== 'string') continue;
      out.push({ path: ['heuristics', 'priors', id, 'score'], text: prior.score, mode: 'expression', locals: [['option', ANY], ['player', entity('player')], ['question', TEXT], ['item', ANY]], allowReturn: false, result: 'number' });
    }
  }
  // Odds questions are read by `rulesmith odds` and `diff --odds` only: checked as expressions,
  // and what they name counts as used (a walk's procedure kept for odds was `unused-definition`).
  for (const [id, q] of entries(d.odds)) if (isRecord(q)) add(['odds', id, 'expression'], q.expression, 'expression');
  for (const [id, inv] of entries(d.invariants)) {
    if (!isRecord(inv)) continue;
    for (const key of ['when', 'check'] as const) {
      if (typeof inv[key] === 'string') out.push({ path: ['invariants', id, key], text: inv[key], mode: 'expression', locals: [], allowReturn: false, result: 'boolean', readOnly: 'invariant' });
    }
    if (typeof inv.message === 'string') out.push({ path: ['invariants', id, 'message'], text: inv.message, mode: 'template', locals: [], allowReturn: false, readOnly: 'invariant' });
  }
  return out;
}
