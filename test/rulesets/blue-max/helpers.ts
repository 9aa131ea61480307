/**
 * Test harness for Blue Max: start a real 2-player game (p1 Allies, p2 Central Powers), answer the
 * setup (aircraft and start hexes), then set the rule's situation in the state ("given") and play on
 * through the real flow, answering decisions by option label ("do") with forced special dice.
 */
import { expect } from 'vitest';
import type { Game, Program } from '../../../interpreter/runtime/index.ts';
import { answerAll, loadProgram, startGame } from '../../helpers/ruleset.ts';

export const RULESET = 'rulesets/blue-max';
export const program = (): Program => loadProgram(RULESET);

export interface NewGame {
  seed?: string;
  options?: Record<string, unknown>;
  /** Aircraft names for p1 (Allies) and p2 (Central Powers). */
  allied?: string;
  central?: string;
  dice?: number[];
  /** Starting altitude answers (Altitude rule). */
  levels?: [number, number];
  /** Change the state after the aircraft are chosen, before the start hexes (and turn 1's Choice). */
  given?: (game: Game, ids: { allied: string; fokker: string }) => void;
}

/** A game at the start of turn 1's Choice phase (or wherever setup leaves the first decision). */
export function newGame(o: NewGame = {}): Game {
  const game = startGame(program(), { seed: o.seed ?? 'blue-max', players: 2, options: o.options ?? {} }, { forcedDice: o.dice ?? [] });
  answerAll(game, [o.allied ?? 'Bristol F.2B', o.central ?? 'Fokker Dr.I']);
  o.given?.(game, { allied: plane(game, 'p1'), fokker: plane(game, 'p2') });
  // Start hexes: column 01 / 18, row 6 (any row; tests move the aircraft anyway).
  answerAll(game, [5, 5]);
  // Start facings: the default (straight at the enemy border) for both.
  answerAll(game, [0, 0]);
  if (o.options?.opt_altitude) answerAll(game, o.levels ?? [3, 3]);
  return game;
}

/** The aircraft piece id flown by a player. */
export function plane(game: Game, player: 'p1' | 'p2'): string {
  const v = (game.state.vars.flies as Record<string, unknown>)[player];
  const id = typeof v === 'string' ? v : (v as { id: string }).id;
  expect(id).toBeTruthy();
  return id;
}

/** Put an aircraft on a hex (column, row) with a facing (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW in the runtime). */
export function put(game: Game, id: string, col: number, row: number, facing: number): void {
  const p = game.state.pieces[id]!;
  p.at = `hex:${col},${row}`;
  p.facing = facing;
}

export function hexOf(game: Game, id: string): string | null {
  return game.state.pieces[id]!.at;
}

export function setVar(game: Game, name: string, id: string, value: unknown): void {
  (game.state.vars[name] as Record<string, unknown>)[id] = value;
}
export function getVar(game: Game, name: string, id: string): unknown {
  return (game.state.vars[name] as Record<string, unknown>)[id];
}
export function setTrack(game: Game, name: string, id: string, value: number): void {
  (game.state.tracks[name] as Record<string, number>)[id] = value;
}
export function getTrack(game: Game, name: string, id: string): number {
  return (game.state.tracks[name] as Record<string, number>)[id]!;
}

export const prompt = (game: Game): string => game.pending?.prompt ?? '';
export const labels = (game: Game): string[] => game.pending?.labels ?? [];
export const logText = (game: Game): string[] => game.log.map((e) => e.text);

/** Put cards (by card definition id, e.g. "b03") on top of a deck's draw pile, in order. */
export function stack(game: Game, deck: string, defs: string[]): void {
  const d = game.state.decks[deck]!;
  const picked: string[] = [];
  for (const def of defs) {
    const id = d.draw.find((c) => game.state.cards[c]!.def === def && !picked.includes(c));
    if (!id) throw new Error(`no ${def} in ${deck}`);
    picked.push(id);
  }
  d.draw = [...picked, ...d.draw.filter((c) => !picked.includes(c))];
}

/**
 * A duel on the open field: the Central Powers' Fokker (p2) and the Allies' aircraft (p1) are put at
 * the given hexes/facings before the Choice phase of turn 1.
 */
export function duel(o: NewGame & { fokker: [number, number, number]; allied_at: [number, number, number] }): { game: Game; fokker: string; allied: string } {
  const game = newGame(o);
  const fokker = plane(game, 'p2');
  const allied = plane(game, 'p1');
  put(game, fokker, ...o.fokker);
  put(game, allied, ...o.allied_at);
  return { game, fokker, allied };
}
