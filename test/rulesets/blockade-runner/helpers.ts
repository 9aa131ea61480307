/**
 * Test harness for the Blockade Runner ruleset: start a real game, stop at the first player
 * action of 1861, set up the rulebook example's situation in the game state ("given"), then run
 * the very procedures the flow runs ("do"), answering decisions by label and forcing dice.
 */
import { expect } from 'vitest';
import type { Answer, DecisionRequest } from '../../../interpreter/runtime/decisions.ts';
export type { DecisionRequest };
import { GameOver, RuleError } from '../../../interpreter/runtime/errors.ts';
import { callDetached, runDetached, type Game, type Program } from '../../../interpreter/runtime/index.ts';
import { EntityRef, toJson, type Value } from '../../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../../helpers/ruleset.ts';

export const RULESET = 'rulesets/blockade-runner';
export const program = (): Program => loadProgram(RULESET);

const AT = { path: ['test'], span: { start: 0, end: 0 } };

export type Reply = string | number | number[];

/** Turn a scripted reply (an option label, a label prefix before " (" or " #", an index or a number) into an answer. */
export function toAnswer(req: DecisionRequest, reply: Reply): Answer {
  if (typeof reply !== 'string') return reply;
  const i = req.labels.findIndex((l) => l === reply || l.startsWith(`${reply} (`) || l.startsWith(`${reply} #`));
  if (i < 0) throw new Error(`No option "${reply}" at "${req.prompt}"; options: ${req.labels.join(' | ')}`);
  return i;
}

/**
 * A game of `players` stopped at the first "Choose an action" of 1861. Every ship is placed in
 * Bermuda (offshore: no 1861 escapes), so the Union Turn asks nothing.
 */
export function gameAtFirstAction(players: number, seed: string | number = 'rules', options: Record<string, unknown> = {}): Game {
  const game = startGame(program(), { seed, players, options }, { forcedDice: [] });
  for (let i = 0; game.pending && i < 200; i++) {
    const req = game.pending;
    if (req.prompt.startsWith('Choose an action')) return game;
    const reply = req.prompt.includes('in which port') ? 'Bermuda (St. George\'s)' : 0;
    expect(game.answer(toAnswer(req, reply))).toEqual({ ok: true });
  }
  throw new Error(`the game did not reach the player turns: ${game.status} ${JSON.stringify(game.error)}`);
}

export const ref = (game: Game, kind: EntityRef['kind'], id: string): EntityRef => game.rt.ref(kind, id);
export const player = (game: Game, id: string) => ref(game, 'player', id);
export const area = (game: Game, id: string) => ref(game, 'area', id);
export const ship = (game: Game, id: string) => ref(game, 'piece', id);

/** Dice the next rolls will show, in order. */
export function forceDice(game: Game, ...dice: number[]): void {
  game.rt.opts.forcedDice!.push(...dice);
}

export function diceLeft(game: Game): number {
  return game.rt.opts.forcedDice!.length;
}

/** Drive a suspended rules script, answering each question from `replies`; every reply must be used. */
function drive(gen: Generator<DecisionRequest, Value, unknown>, replies: Reply[], asked: DecisionRequest[]): Value {
  let next: unknown;
  const queue = [...replies];
  for (;;) {
    const r = gen.next(next);
    if (r.done) {
      expect(queue, 'unused scripted answers').toEqual([]);
      return r.value;
    }
    asked.push(r.value);
    if (queue.length === 0) throw new Error(`No scripted answer for "${r.value.prompt}"; options: ${r.value.labels.join(' | ') || `${r.value.min}..${r.value.max}`}`);
    const answer = toAnswer(r.value, queue.shift()!);
    next = answer;
  }
}

/** Call a ruleset procedure (the same one the flow calls) with scripted answers; returns its value. */
export function call(game: Game, procedure: string, args: Value[], replies: Reply[] = [], asked: DecisionRequest[] = []): Value {
  const gen = callDetached(game.rt, procedure, args, AT) as Generator<DecisionRequest, Value, unknown>;
  return drive(gen, replies, asked);
}

/** Run an action's `do` as the active player, with its params already chosen. */
export function act(game: Game, action: string, params: Record<string, Value>, replies: Reply[] = [], activePlayer = 'p1'): void {
  game.state.active = { player: activePlayer, side: null };
  const script = game.rt.script(['actions', action, 'do'])!;
  drive(runDetached(game.rt, script, params) as Generator<DecisionRequest, Value, unknown>, replies, []);
}

/** Run `victory.do` and return the result it ends the game with. */
export function victory(game: Game): Record<string, unknown> {
  const script = game.rt.script(['victory', 'do'])!;
  try {
    drive(runDetached(game.rt, script) as Generator<DecisionRequest, Value, unknown>, [], []);
  } catch (e) {
    if (e instanceof GameOver) return toJson(e.result as Value) as Record<string, unknown>;
    if (e instanceof RuleError) throw new Error(`${e.code}: ${e.message}`);
    throw e;
  }
  throw new Error('victory.do did not end the game');
}

/** Every ship back in the auction pool, owned by nobody (a clean board for an example). */
export function clearShips(game: Game): void {
  for (const [id, p] of Object.entries(game.state.pieces)) {
    if (game.program.data.pieces?.[p.type]?.kind !== 'ship') continue;
    p.at = 'ship_pool';
    p.owner = null;
    for (const t of ['cargo_cotton', 'cargo_tobacco', 'cargo_contraband', 'cargo_war_goods', 'fog_bank_bonus']) (game.state.tracks[t] as Record<string, number>)[id] = 0;
    (game.state.vars.attached_cards as Record<string, unknown>)[id] = [];
  }
}

/** Give a ship to a player in an area, with optional cargo. */
export function putShip(game: Game, id: string, owner: string, at: string, cargo: Partial<Record<'cotton' | 'tobacco' | 'contraband' | 'war_goods', number>> = {}): EntityRef {
  const p = game.state.pieces[id]!;
  p.owner = owner;
  p.at = at;
  for (const [c, n] of Object.entries(cargo)) (game.state.tracks[`cargo_${c}`] as Record<string, number>)[id] = n;
  return ship(game, id);
}

/** Move one card of a kind (e.g. `ironclad`) from wherever it is into a player's hand. */
export function giveCard(game: Game, kind: string, owner: string): EntityRef {
  const id = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === kind && (game.state.cards[c]!.at === 'draw' || game.state.cards[c]!.at === 'discard'))!;
  const card = ref(game, 'card', id);
  game.rt.remove(card, ref(game, 'zone', `hand@${owner}`), AT);
  return card;
}

/** Attach a card of a kind to a ship (as the Captain in the Lizzie example). */
export function attach(game: Game, kind: string, shipId: string): EntityRef {
  const id = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === kind && (game.state.cards[c]!.at === 'draw' || game.state.cards[c]!.at === 'discard'))!;
  const card = ref(game, 'card', id);
  game.rt.remove(card, ref(game, 'zone', 'attached'), AT);
  const list = (game.state.vars.attached_cards as Record<string, unknown[]>)[shipId]!;
  list.push({ $ref: 'card', id });
  return card;
}

import { setTrack, setVariable, track, variable } from '../../helpers/ruleset.ts';
export { setTrack, setVariable, track, variable };

/** Text of the `log` lines written from now on. */
export function logSince(game: Game, from: number): string[] {
  return game.log.slice(from).filter((e) => e.kind === 'log').map((e) => e.text);
}

export const hand = (game: Game, owner: string): string[] => game.state.zones[`hand@${owner}`]!;
export const MAINLAND_PORTS = ['norfolk', 'new_bern', 'wilmington', 'charleston', 'savannah', 'jacksonville', 'st_marks', 'pensacola', 'mobile', 'new_orleans', 'galveston', 'brownsville'];

/** Clear every blockade, printed defenses back, nothing captured, Squadron off the board. */
export function calmSeas(game: Game): void {
  const areas = game.program.data.map!.areas as Record<string, { props?: { printed_defense?: number } }>;
  for (const [id, a] of Object.entries(areas)) {
    setTrack(game, 'blockade', 0, id);
    setTrack(game, 'defense', a.props?.printed_defense ?? 0, id);
    setVariable(game, 'captured', false, id);
  }
  setVariable(game, 'squadron_zone', null);
  for (const p of Object.values(game.state.pieces)) if (p.type === 'captured_city_marker') p.at = null;
  // Union cards of ports captured in 1861 come back to the deck.
  for (const [id, c] of Object.entries(game.state.cards)) {
    if (c.deck === 'union_blockade' && c.at === 'out') {
      c.at = 'draw';
      game.state.decks.union_blockade!.draw.push(id);
    }
  }
}
