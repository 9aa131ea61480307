import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Agent } from '../agents/agent.ts';
import { FirstAgent, RandomAgent, playWith } from '../agents/index.ts';
import { summarise, type GameRecord } from '../analysis/summary.ts';
import type { Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { parseOptions, programFor } from './load-program.ts';
import { replayFile } from './replay-file.ts';
import { formatSummary } from './summary-format.ts';

export const SIMULATE_USAGE = `Usage: rulesmith simulate <ruleset> [--games N] [--seed S] [--players N] [--option k=v…]
                         [--agents random|first,…] [--replays DIR] [--json]

Plays N games with bots and prints results per side/player (with 95% intervals), game length and
runtime errors. Game i uses seed "S:i", so the same seed gives the same summary.`;

export function runSimulate(argv: string[], io: Io, progress: (done: number, total: number) => void = () => {}): number {
  let args;
  try {
    args = parseArgs({
      args: argv, allowPositionals: true,
      options: { games: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' }, players: { type: 'string' }, option: { type: 'string', multiple: true }, agents: { type: 'string', default: 'random' }, replays: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    io.err(`rulesmith simulate: ${(e as Error).message}\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${SIMULATE_USAGE}\n`); return 0; }
  const [path] = args.positionals;
  const games = Number(args.values.games);
  if (!path || !Number.isInteger(games) || games < 1) {
    io.err(`rulesmith simulate: give a ruleset and a positive --games\n\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  const program = programFor(path, io);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, args.values.option, io);
  if (typeof options === 'number') return options;
  const players = args.values.players === undefined ? undefined : Number(args.values.players);
  const kinds = args.values.agents.split(',');
  if (kinds.some((k) => k !== 'random' && k !== 'first')) {
    io.err('rulesmith simulate: --agents takes random or first, per seat (comma-separated)\n');
    return 2;
  }
  if (args.values.replays) mkdirSync(args.values.replays, { recursive: true });
  const records: GameRecord[] = [];
  for (let i = 1; i <= games; i++) {
    const seed = `${args.values.seed}:${i}`;
    const setup = { seed, ...(players !== undefined ? { players } : {}), options };
    const agents = agentsFor(program, setup, kinds, seed);
    const played = playWith(program, setup, agents, { log: args.values.replays ? 'full' : 'none' });
    if ('problems' in played) {
      io.err(played.problems.map((p) => `rulesmith simulate: ${p.message}\n`).join(''));
      return 2;
    }
    const g = played.game;
    records.push({ seed, status: played.stopped && g.status !== 'error' ? 'error' : g.status, result: g.result, rounds: g.state.round, decisions: played.decisions.length, error: g.error ?? (played.stopped ? { code: played.stopped.code, message: played.stopped.message } : null) });
    if (args.values.replays) writeFileSync(join(args.values.replays, `game-${String(i).padStart(5, '0')}.json`), `${JSON.stringify(replayFile(path, program, setup, played.decisions, g.result), null, 1)}\n`);
    progress(i, games);
  }
  const summary = summarise(records, program);
  io.out(args.values.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary, path));
  return summary.errors.count > 0 ? 1 : 0;
}

function agentsFor(program: Program, setup: { seed: string; players?: number }, kinds: string[], seed: string): Record<string, Agent> {
  const sides = Object.keys(program.data.sides ?? {}).length;
  const n = setup.players ?? program.data.players?.default ?? program.data.players?.min ?? (sides || 2);
  const out: Record<string, Agent> = {};
  for (let s = 1; s <= n; s++) {
    const kind = kinds[Math.min(s - 1, kinds.length - 1)];
    out[`p${s}`] = kind === 'first' ? new FirstAgent() : new RandomAgent(`${seed}:p${s}`);
  }
  return out;
}
