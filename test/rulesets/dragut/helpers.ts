/**
 * Test harness for Dragut: start a real game, deploy the Rapallini, stack the decks for the
 * opening hands, stop at the card step of turn 1, set the rule's situation in the state ("given"),
 * then play on through the real flow, answering decisions by option label ("do").
 */
import { expect } from 'vitest';
import type { DecisionRequest } from '../../../interpreter/runtime/decisions.ts';
import { RuleError } from '../../../interpreter/runtime/errors.ts';
import { pieceAlias, type Game, type Program } from '../../../interpreter/runtime/index.ts';
import { EntityRef, type Value } from '../../../interpreter/runtime/values.ts';
import { answerAll, loadProgram, startGame } from '../../helpers/ruleset.ts';

export const RULESET = 'rulesets/dragut';
export const VARIANT = 'rulesets/dragut/variants/alarm-track-alternative.yaml';
export const program = (path = RULESET): Program => loadProgram(path);

const AT = { path: ['test'], span: { start: 0, end: 0 } };

/** Area id by the spec's code (T1..T6, K1..K4, H1..H3), read from `map.areas.*.props.code`. */
export function area(game: Game, code: string): string {
  const areas = game.program.data.map!.areas as Record<string, { props?: { code?: string } }>;
  const id = Object.keys(areas).find((a) => areas[a]!.props?.code === code);
  if (!id) throw new Error(`no area ${code}`);
  return id;
}

/** The name an area's options are labelled with. */
export function areaName(game: Game, code: string): string {
  return String((game.program.data.map!.areas as Record<string, { name: string }>)[area(game, code)]!.name);
}

export interface NewGame {
  seed?: string;
  options?: Record<string, unknown>;
  path?: string;
  /** Card ids (within the deck) to deal in the opening hands, in order. */
  pirateHand?: string[];
  rapalliniHand?: string[];
  /** Take every Rapallino unit off the board (back in the box) so a test can place its own. */
  emptyBoard?: boolean;
}

/**
 * A game at the card step of turn 1. Every Rapallino unit is deployed in T4 (Piazza della
 * Collegiata), unless `emptyBoard` takes them all off again.
 */
export function newGame(opts: NewGame = {}): Game {
  const game = startGame(program(opts.path), { seed: opts.seed ?? 'dragut', options: opts.options ?? {} });
  const t4 = areaName(game, 'T4');
  for (let i = 0; i < 14; i++) {
    expect(game.pending?.prompt).toMatch(/^Deploy /);
    answerAll(game, [t4]);
  }
  stack(game, 'pirate_events', opts.pirateHand ?? []);
  stack(game, 'rapallino_events', opts.rapalliniHand ?? []);
  answerAll(game, [t4]);
  expect(game.pending?.prompt).toMatch(/^Choose an Event Card/);
  if (opts.emptyBoard) {
    for (const p of Object.values(game.state.pieces)) if (pieceSide(game, p.type) === 'rapallini' && p.at === area(game, 'T4')) p.at = null;
  }
  return game;
}

function pieceSide(game: Game, type: string): string | undefined {
  return (game.program.data.pieces as Record<string, { side?: string }>)[type]?.side;
}

/** Put these cards (deck-local ids) on top of a deck's draw pile, in order. */
export function stack(game: Game, deck: string, cards: string[]): void {
  const draw = game.state.decks[deck]!.draw;
  for (const def of [...cards].reverse()) {
    const id = draw.find((c) => game.state.cards[c]!.def === def);
    if (!id) throw new Error(`no ${def} left in ${deck}`);
    draw.splice(draw.indexOf(id), 1);
    draw.unshift(id);
  }
}

/** Put a piece in an area (by code), a zone, or back in the box (null). */
export function put(game: Game, piece: string, where: string | null): void {
  const p = game.state.pieces[piece];
  if (!p) throw new Error(`no piece ${piece}`);
  p.at = where === null ? null : /^[TKH]\d$/.test(where) ? area(game, where) : where;
}

export const at = (game: Game, piece: string): string | null => game.state.pieces[piece]!.at;
export const hidden = (game: Game, piece: string): boolean => game.state.pieces[piece]!.hidden;
export const type = (game: Game, piece: string): string => game.state.pieces[piece]!.type;

/**
 * The type a seat's view shows for a piece: under its id when the seat may see it, under its alias
 * when it is hidden from the seat (a hidden piece listed under its own id would tell its type).
 */
export function seenType(game: Game, seat: string | null, id: string): string | undefined {
  const pieces = game.view(seat).state.pieces;
  const own = pieces[id];
  if (own) return own.type === '?' ? `hidden but listed as ${id}` : own.type;
  return pieces[pieceAlias(game, id)]?.type;
}

import { setTrack, setVariable, track, variable } from '../../helpers/ruleset.ts';
export { setTrack, setVariable, track, variable };

export const captured = (game: Game, piece: string): boolean => variable(game, 'captured', piece) === true;
export const capture = (game: Game, piece: string): void => {
  setVariable(game, 'captured', true, piece);
  game.state.pieces[piece]!.hidden = false;
};

export const hand = (game: Game, side: string): string[] => game.state.zones[`hand@${side}`]!;
export const handNames = (game: Game, side: string): string[] => hand(game, side).map((c) => game.state.cards[c]!.def);

/** Answer the card step: each player's card (a card name, or "No card"). */
export function playCards(game: Game, pirates = 'No card', rapallini = 'No card'): void {
  expect(game.pending?.prompt).toMatch(/^Choose an Event Card/);
  answerAll(game, [pirates, rapallini]);
}

/** Answer decisions by label; every one must be accepted. */
export function answer(game: Game, ...labels: Array<string | number>): void {
  answerAll(game, labels);
}

/** The pending question: its prompt and option labels. */
export function asked(game: Game): DecisionRequest {
  if (!game.pending) throw new Error(`nothing is asked: ${game.status} ${JSON.stringify(game.error ?? game.result)}`);
  return game.pending;
}

/** The actions offered at an action prompt. */
export function actions(game: Game): string[] {
  expect(asked(game).prompt).toMatch(/^Choose an action/);
  return asked(game).labels;
}

/** Answer "Pass" at action prompts until the prompt changes to something else. */
export function passPhase(game: Game): void {
  expect(asked(game).prompt).toMatch(/^Choose an action/);
  answerAll(game, ['Pass']);
}

/** Call one of the ruleset's procedures that asks nobody (a query). */
export function query(game: Game, procedure: string, ...args: Value[]): Value {
  try {
    return game.rt.callProcedureNow(procedure, args, AT);
  } catch (e) {
    if (e instanceof RuleError) throw new Error(`${e.code}: ${e.message}`);
    throw e;
  }
}

export const piece = (game: Game, id: string): EntityRef => game.rt.ref('piece', id);

/** Text of the `log` lines written from entry `from` on. */
export function logSince(game: Game, from: number): string[] {
  return game.log.slice(from).filter((e) => e.kind === 'log').map((e) => e.text);
}
