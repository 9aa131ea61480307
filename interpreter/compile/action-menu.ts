/**
 * The action menu's pieces, apart from the loop itself (flow.ts): what each action needs, whether it
 * is legal now (its cost, its condition, its first list, the choices its cost reads), the menu's
 * question and the option lists kept for the chosen action's first question.
 */
import { RuleError, type SourceAt } from '../runtime/errors.ts';
import type { Frame } from '../runtime/frame.ts';
import type { CompiledScript } from '../runtime/program.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { record, toNumber, truthy, type Rec, type Value } from '../runtime/values.ts';

/** What the action loop needs of one action, looked up once when compiling. */
export interface ActionInfo {
  def: Record<string, unknown>;
  name: string;
  cost: unknown;
  costScript: CompiledScript | undefined;
  when: unknown;
  whenScript: CompiledScript | undefined;
  /** Param names in order, and their option-list sites. */
  params: string[];
  paramScripts: Array<CompiledScript | undefined>;
  /** Every option list only reads the game, so the choice tree may be walked (`affordable`). */
  pureChoices: boolean;
  /**
   * The later option lists (after the first) that neither read an earlier choice nor act: the menu
   * asks them too, so an action one of them leaves without a choice is not offered (it used to be,
   * and stopped the game with `no-options` once chosen).
   */
  independentLists: CompiledScript[];
  /** Each param's position and question, made once (a question was asked at every action). */
  paramAts: SourceAt[];
  paramPrompts: string[];
  /** A param's own question (`{ options, prompt }`), a template read when it is asked. */
  paramQuestions: Array<CompiledScript | undefined>;
  doScript: CompiledScript | undefined;
}

/**
 * Whether the choices made (`chosen`, the first `from` params) lead to a set the points left pay
 * for: the cost once all are made, else some option of the next list that does (depth first,
 * stopping at the first found). The lists are asked again with the choices so far, so only
 * actions whose lists only read the game go deeper than the last (`pureChoices`).
 */
export function affordable(rt: Runtime, a: ActionInfo, chosen: Rec, from: number, left: number): boolean {
  if (from >= a.params.length) return (toNumber(rt.evalScript(a.costScript, chosen) ?? 1) ?? 1) <= left;
  const list = rt.iterable(rt.evalScript(a.paramScripts[from], chosen) ?? null, a.paramAts[from]!);
  for (const o of list) if (affordable(rt, a, record([...Object.entries(chosen), [a.params[from]!, o]]), from + 1, left)) return true;
  return false;
}

/** The question for param `i`, the choices before it made: its `prompt`, else `<action>: choose <param>`. */
export function paramQuestion(rt: Runtime, a: ActionInfo, i: number, chosen: Rec): string {
  const question = a.paramQuestions[i];
  if (!question) return a.paramPrompts[i]!;
  const text = rt.evalScript(question, chosen);
  return typeof text === 'string' ? text : a.paramPrompts[i]!;
}

/** Whether the menu offers Pass: by default yes; `pass: false` never; a condition when it holds. */
export function mayPass(rt: Runtime, pass: unknown, script: CompiledScript | undefined): boolean {
  if (pass === undefined) return true;
  return truthy(valueOf(rt, pass, script) ?? false);
}

/** A pool's points now: a number (a track always is; a variable may not be). */
export function poolPoints(rt: Runtime, pool: CompiledScript, at: SourceAt): number {
  const v = rt.evalScript(pool);
  if (typeof v === 'number') return v;
  throw new RuleError('pool-not-number', `The action points' \`pool\` holds ${v === null || v === undefined ? 'none' : 'something other than a number'}, not a number of points.`, at, 'Give the variable a number `initial`, or set it before the phase starts (or use a track).');
}

/**
 * The menu's question. `unit` names what is counted: "points" for `points:`, a pool's track or
 * variable by its `name` (a designer's "Action Points" rather than the engine's word), else its
 * key with spaces; one of them drops a final "s" (good enough for the names rulesets give).
 */
export const menuPrompt = (left: number | null, unit = 'points'): string => (left === null ? 'Choose an action' : `Choose an action (${pointsLeft(left, unit)})`);

/** `2 Action Points left`, `1 point left`. */
export const pointsLeft = (left: number, unit: string): string => `${amount(left, unit)} left`;

/** `1 point`, `2 points`: a number of the unit, singular for one. */
const amount = (n: number, unit: string): string => `${n} ${n === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;

/**
 * The note beside each action of a menu (`DecisionRequest.notes`): its cost, where costs tell the
 * player something — the points are counted (not `unlimited` without a pool) and the actions'
 * written costs differ, or all are the same above 1. Said only for a written cost above 0: a
 * cost a script computes may depend on the choices, and `cost: 0` is also how a ruleset says an
 * action pays in its `do` (from a pool, by what it does), where "0 points" would mislead. With
 * every cost 1, the prompt's points left say it all. Made once per phase.
 */
export function costNotes(actions: ReadonlyArray<{ id: string; cost: unknown }>, unit: string, counted: boolean): Map<string, string> {
  const fixed = (c: unknown) => (c === undefined ? 1 : typeof c === 'number' ? c : undefined);
  const costs = new Set(actions.map((a) => fixed(a.cost)).filter((c) => c !== undefined));
  if (!counted || costs.size === 0 || (costs.size === 1 && [...costs][0]! <= 1)) return new Map();
  return new Map(actions.flatMap((a) => { const c = fixed(a.cost); return c !== undefined && c > 0 ? [[a.id, amount(c, unit)] as const] : []; }));
}

/** What a pool counts, for the menu's question: the last name of its expression, as declared. */
export function poolUnit(data: Record<string, unknown>, pool: string): string {
  const key = /([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(pool)?.[1];
  if (key === undefined) return 'points';
  for (const section of ['tracks', 'variables']) {
    const def = (data[section] as Record<string, unknown> | undefined)?.[key] as { name?: unknown } | undefined;
    if (def && typeof def === 'object' && typeof def.name === 'string' && def.name.trim() !== '') return def.name.trim();
  }
  return key.replace(/_/g, ' ');
}

/** `valueAt` of a field whose site was looked up when compiling. */
export function valueOf(rt: Runtime, raw: unknown, script: CompiledScript | undefined): Value | undefined {
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return raw === undefined ? undefined : rt.evalScript(script);
}

export function actionName(rt: Runtime, id: string): string {
  return String(rt.def('actions', id)?.name ?? id);
}

/**
 * The first option list of each action the menu found legal, kept for the chosen action's first
 * question: it would be computed again from the same state (nothing ran in between but pure code;
 * the host promised not to change the state, `hostReadsOnly`, and did not even reach it through the
 * Game, `hostEpoch`), so the value is the same and so are the steps it charged, which are charged
 * again. Held by the Runtime, so a fork or a resumed game has none.
 */
export interface MenuLists {
  frame: Frame;
  site: object;
  epoch: number;
  ids: string[];
  values: Value[];
  steps: number[];
  /** The last statement each list ran (`Runtime.at`), undefined when it ran none. */
  at: Array<SourceAt | undefined>;
}

export const NOT_KEPT = Symbol('not kept');

/** The kept first list of action `id` (once), or NOT_KEPT when it is not kept or no longer valid. */
export function keptList(rt: Runtime, f: Frame, site: object, id: string): Value | typeof NOT_KEPT {
  const kept = rt.menuLists as MenuLists | null;
  rt.menuLists = null;
  if (kept === null || kept.frame !== f || kept.site !== site || kept.epoch !== rt.hostEpoch) return NOT_KEPT;
  const k = kept.ids.indexOf(id);
  // Past the budget, computing it again stops the game where it would have.
  if (k < 0 || !(rt.steps + kept.steps[k]! <= rt.opts.stepBudget)) return NOT_KEPT;
  rt.steps += kept.steps[k]!;
  rt.at = kept.at[k] ?? rt.at;
  return kept.values[k] ?? null;
}

export function actionLegal(rt: Runtime, a: ActionInfo | undefined, points: number | null, keep: MenuLists | null, id: string): boolean {
  if (!a) return false;
  if (points !== null && !a.costScript?.readsLocals) {
    const cost = toNumber(valueOf(rt, a.cost, a.costScript) ?? 1) ?? 1;
    if (cost > points) return false;
  }
  // A cost that reads the choices: offered when some choices are affordable, if the lists only read
  // the game (else asking them here would act; then the last question filters what it can).
  const walked = points !== null && a.costScript?.readsLocals === true && a.pureChoices;
  if (walked && !affordable(rt, a, record([]), 0, points)) return false;
  if (a.when !== undefined && !truthy(valueOf(rt, a.when, a.whenScript) ?? true)) return false;
  // The walk found an affordable set, so the first list has an option: not asked again.
  if (walked) return true;
  // An action whose first choice has no options cannot be taken. A list that only reads the game
  // and is a `select` (or a procedure returning one) is asked only whether it has an option,
  // stopping at the first; the chosen action's question then makes the whole list.
  const exists = a.params.length > 0 ? a.paramScripts[0]?.exists : undefined;
  if (exists) return truthy(rt.evalScript(exists) ?? null);
  if (a.params.length > 0) {
    const before = rt.steps;
    const at = rt.at;
    // Cleared to learn whether the list ran a statement (which sets it), and which one was last.
    if (keep) rt.at = undefined;
    let options: Value | undefined;
    try {
      options = rt.evalScript(a.paramScripts[0]);
      if (keep) {
        keep.ids.push(id);
        keep.values.push(options ?? null);
        keep.steps.push(rt.steps - before);
        keep.at.push(rt.at);
      }
    } finally {
      rt.at ??= at;
    }
    if (Array.isArray(options) && options.length === 0) return false;
  }
  for (const list of a.independentLists) {
    if (list.exists) {
      if (!truthy(rt.evalScript(list.exists) ?? null)) return false;
    } else {
      const options = rt.evalScript(list);
      if (Array.isArray(options) && options.length === 0) return false;
    }
  }
  return true;
}
