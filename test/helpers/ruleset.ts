import { expect } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { isError } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { compileRuleset, type Program } from '../../interpreter/compile/index.ts';
import { Game, type RuntimeOptions } from '../../interpreter/runtime/index.ts';
import type { GameSetup } from '../../interpreter/runtime/init.ts';
import { ScriptedAgent } from '../../interpreter/agents/index.ts';

const programs = new Map<string, Program>();

/** Load, check (no errors allowed) and compile a ruleset from disk, once per test file. */
export function loadProgram(path: string): Program {
  const cached = programs.get(path);
  if (cached) return cached;
  const loaded = loadRuleset(path, nodeHost);
  const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
  expect(diagnostics.filter(isError)).toEqual([]);
  const program = compileRuleset(loaded.model!);
  programs.set(path, program);
  return program;
}

/** Load (no errors allowed) and compile a one-file ruleset written in the test, as `r.yaml`. */
export function programFromText(text: string): Program {
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  expect(loaded.diagnostics.filter(isError)).toEqual([]);
  return compileRuleset(loaded.model!);
}

/** The head of a one-seat ruleset (side `red`), ending in a newline. */
const oneSeat = (id: string): string => `rulesmith: 1
id: ${id}
name: ${id}
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
`;

/**
 * A one-seat ruleset (side `red`) whose one phase runs `script` and then ends the game: the
 * runtime's language tests write the sections they need in `sections` (YAML lines).
 */
export const scriptRules = (id: string, sections: string, script: string): string => `
${oneSeat(id)}${sections}
flow:
  phases:
    - id: main
      do: |
${script.split('\n').map((l) => `        ${l}`).join('\n')}
        end game with { winner: red, level: "done" }
`;

/**
 * A two-seat ruleset (p1 plays `red`, p2 `blue`) whose one phase, Red's, runs `script` once; then
 * no one wins. For what each seat's view reads: `sections` holds the zones, decks… (YAML lines).
 */
export const twoSeatRules = (id: string, sections: string, script: string): string => `
rulesmith: 1
id: ${id}
name: ${id}
sides: { red: { name: Red }, blue: { name: Blue } }
players: { min: 2, max: 2 }
${sections}
flow:
  rounds: { count: 1 }
  phases:
    - id: main
      by: red
      do: |
${script.split('\n').map((l) => `        ${l}`).join('\n')}
victory:
  do: |
    end game with { winner: none, level: "done" }
`;

/**
 * A one-seat ruleset (side `red`) on two linked areas `a` and `b`, with three `foot` units (props
 * `props`, YAML) placed in `a`; `rest` holds its `flow:` and what follows (YAML lines).
 */
export const twoAreaRules = (id: string, props: string, rest: string): string => `
${oneSeat(id)}map:
  areas: { a: { at: [0, 0] }, b: { at: [1, 0] } }
  links: [[a, b]]
pieces:
  foot: { count: 3, side: red, kind: unit, props: ${props} }
setup: |
  place 3 of foot in a
${rest}`;

/** Start a game that must start (setup problems fail the test). */
export function startGame(program: Program, setup: GameSetup, opts: Partial<RuntimeOptions> = {}): Game {
  const g = Game.start(program, setup, opts);
  if (!(g instanceof Game)) throw new Error(`setup refused: ${JSON.stringify(g.problems)}`);
  return g;
}

/**
 * Answer pending decisions from a script (indices, numbers or option labels) until the script runs
 * out; every answer must be accepted.
 */
export function answerAll(game: Game, answers: ReadonlyArray<number | number[] | string | string[]>): void {
  const agent = new ScriptedAgent(answers);
  while (game.pending && agent.remaining > 0) {
    const r = game.answer(agent.choose(game.pending));
    expect(r).toEqual({ ok: true });
  }
}

/** Read and set tracks and variables directly (per-owner ones by owner id), to set up rulebook examples. */
export const track = (game: Game, id: string, owner?: string): number =>
  owner === undefined ? (game.state.tracks[id] as number) : (game.state.tracks[id] as Record<string, number>)[owner]!;

export function setTrack(game: Game, id: string, value: number, owner?: string): void {
  if (owner === undefined) game.state.tracks[id] = value;
  else (game.state.tracks[id] as Record<string, number>)[owner] = value;
}

export const variable = (game: Game, id: string, owner?: string): unknown =>
  owner === undefined ? game.state.vars[id] : (game.state.vars[id] as Record<string, unknown>)[owner];

export function setVariable(game: Game, id: string, value: unknown, owner?: string): void {
  if (owner === undefined) game.state.vars[id] = value;
  else (game.state.vars[id] as Record<string, unknown>)[owner] = value;
}
