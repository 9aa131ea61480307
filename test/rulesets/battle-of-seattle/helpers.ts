/**
 * Helpers for The Battle of Seattle tests: set the board like a player setting up an example,
 * drive the real flow with scripted answers and forced dice, or run one of the ruleset's own
 * procedures (a rule) and collect the questions it asks.
 */
import { expect } from 'vitest';
import { ScriptedAgent } from '../../../interpreter/agents/index.ts';
import type { DecisionRequest } from '../../../interpreter/runtime/decisions.ts';
import { validateAnswer } from '../../../interpreter/runtime/decisions.ts';
import { GameOver, RuleError } from '../../../interpreter/runtime/errors.ts';
import type { Game } from '../../../interpreter/runtime/game.ts';
import { EntityRef, type Value } from '../../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../../helpers/ruleset.ts';
import { callDetached } from '../../../interpreter/runtime/index.ts';

export const RULESET = 'rulesets/battle-of-seattle/ruleset.yaml';

export const program = () => loadProgram(RULESET);

export type Scripted = number | number[] | string | string[];

/** A new game, suspended at its first question (the first setup placement). */
export function newGame(options: Record<string, unknown> = {}, seed: string | number = 1, forcedDice: number[] = []): Game {
  return startGame(program(), { seed, options }, { forcedDice });
}

export const area = (g: Game, id: string): EntityRef => g.rt.ref('area', id);
export const piece = (g: Game, id: string): EntityRef => g.rt.ref('piece', id);

/** Queue die results: the next dice the rules roll show these, in order. */
export function forceDice(g: Game, ...dice: number[]): void {
  (g.rt.opts.forcedDice ??= []).push(...dice);
}

/** Every forced die was used. */
export function expectDiceUsed(g: Game): void {
  expect(g.rt.opts.forcedDice ?? []).toEqual([]);
}

export function track(g: Game, id: string): number {
  return g.state.tracks[id] as number;
}

export function setTrack(g: Game, id: string, v: number): void {
  g.state.tracks[id] = v;
}

export function setVar(g: Game, id: string, v: unknown): void {
  g.state.vars[id] = v;
}

export function where(g: Game, pieceId: string): string | null {
  return g.state.pieces[pieceId]!.at;
}

/** Piece types in an area (or zone), sorted, for readable expectations. */
export function contents(g: Game, at: string): string[] {
  return Object.entries(g.state.pieces).filter(([, p]) => p.at === at).map(([, p]) => p.type).sort();
}

/** Ids of pieces at a location, in id order. */
export function idsAt(g: Game, at: string, type?: string): string[] {
  return Object.entries(g.state.pieces).filter(([, p]) => p.at === at && (!type || p.type === type)).map(([id]) => id);
}

const HOME: Record<string, string> = {
  anarchists: 'protester_groups_pile', radicals: 'protester_groups_pile', opportunists: 'protester_groups_pile',
  organized_labour: 'protester_crowds_pile', progressives: 'protester_crowds_pile', environmentalists: 'protester_crowds_pile',
  spd: 'authority_available', wsp: 'authority_available', ngmp: 'authority_available', barricade: 'barricade_supply',
};

/** Every unit and Barricade back to its off-map holding place: an empty map, empty Reserve Pool. */
export function clearBoard(g: Game): void {
  for (const p of Object.values(g.state.pieces)) {
    const home = HOME[p.type];
    if (home) p.at = home;
  }
}

/** Put `n` pieces of a type from their holding place into an area (or zone); returns their ids. */
export function put(g: Game, type: string, at: string, n = 1): string[] {
  const home = HOME[type]!;
  const free = Object.entries(g.state.pieces).filter(([, p]) => p.type === type && p.at === home).map(([id]) => id);
  expect(free.length).toBeGreaterThanOrEqual(n);
  for (const id of free.slice(0, n)) g.state.pieces[id]!.at = at;
  return free.slice(0, n);
}

/**
 * After the board was set during a Movement or Reaction Movement Phase: list again the units that
 * may act (the phase lists them when it starts).
 */
export function refreshMovers(g: Game, side: 'protesters' | 'authority', reaction = false): void {
  if (reaction) {
    const list = run(g, side === 'protesters' ? 'protester_reactors' : 'authority_reactors').value;
    g.state.vars.ready = JSON.parse(JSON.stringify((list as Array<{ id: string }>).map((u) => ({ $ref: 'piece', id: u.id }))));
  } else {
    run(g, 'refresh_movers', [g.rt.ref('side', side)]);
  }
}

/** Labels of the pending question's options. */
export function optionLabels(g: Game): string[] {
  expect(g.pending).not.toBeNull();
  return g.pending!.labels;
}

/** Answer pending questions from a script (labels, indices, lists, numbers); each must be accepted. */
export function answer(g: Game, ...answers: Scripted[]): void {
  const agent = new ScriptedAgent(answers);
  while (agent.remaining > 0) {
    expect(g.pending, `no question left for ${JSON.stringify(answers)}`).not.toBeNull();
    const r = g.answer(agent.choose(g.pending!));
    expect(r).toEqual({ ok: true });
  }
  expect(g.error).toBeNull();
}

/**
 * Answer like a player who does nothing optional (pass, decline, stay, take nothing) until the
 * game asks a question in phase `phase` (a step id).
 */
export function passUntil(g: Game, phase: string, maxDecisions = 2000): void {
  for (let i = 0; i < maxDecisions && g.pending && g.state.phase !== phase; i++) g.answer(passive(g.pending));
  expect(g.error).toBeNull();
  expect(g.state.phase).toBe(phase);
}

/** Answers of a player who takes no optional step. */
export function passive(req: DecisionRequest): number | number[] {
  if (req.kind === 'number') return req.min;
  if (req.kind === 'several') return req.options.slice(0, req.min).map((_, i) => i);
  const i = req.labels.findIndex((l) => l === 'Pass' || l === 'Decline' || l.startsWith('Stay in'));
  return i >= 0 ? i : 0;
}

export interface ProcedureRun {
  value: Value;
  /** Every question the procedure asked, in order. */
  asked: DecisionRequest[];
}

/**
 * Run one of the ruleset's procedures on the game's current state, answering its questions from
 * `answers` (labels, indices or numbers) and rolling `dice` first. Fails if a question is left
 * unanswered (unless `otherwise` answers what the script does not), an answer is refused, a die is
 * left over or the rules raise an error.
 */
export function run(g: Game, procedure: string, args: Value[] = [], answers: Scripted[] = [], dice: number[] = [], otherwise?: (req: DecisionRequest) => number | number[]): ProcedureRun {
  forceDice(g, ...dice);
  const agent = new ScriptedAgent(answers);
  const asked: DecisionRequest[] = [];
  const gen = callDetached(g.rt, procedure, args, { path: ['procedures', procedure, 'do'], span: { start: 0, end: 0 } });
  let input: unknown = undefined;
  try {
    for (;;) {
      const r = gen.next(input);
      if (r.done) {
        expect(agent.remaining, 'answers left over').toBe(0);
        expectDiceUsed(g);
        return { value: r.value, asked };
      }
      const req = r.value;
      asked.push(req);
      const a = otherwise && agent.remaining === 0 ? otherwise(req) : agent.choose(req);
      expect(validateAnswer(req, a)).toBeNull();
      input = a;
    }
  } catch (e) {
    if (e instanceof RuleError) throw new Error(`${e.code}: ${e.message}`);
    if (e instanceof GameOver) throw new Error('the game ended');
    throw e;
  }
}

/** Log lines (text) written since entry `from`, optionally of one kind. */
export function logSince(g: Game, from: number, kind?: string): string[] {
  return g.log.slice(from).filter((e) => !kind || e.kind === kind).map((e) => e.text);
}
