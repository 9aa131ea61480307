/// <reference lib="webworker" />
/**
 * One simulation worker: compiles the rulesets of a simulation once (a variant and its base),
 * then plays the batches of games it is given and sends each game's record as it ends (the view
 * charts results as they come), with a heartbeat between (for the watchdog: a long game is not
 * a stuck one). The view runs several in parallel.
 */
import type { Program } from '../../interpreter/index.ts';
import { compileEntry } from '../play/compile.ts';
import { sideNames } from '../../interpreter/analysis/labels.ts';
import { ALIVE_MS, type Compiled, type SimRequest, type SimResponse } from './protocol.ts';
import { playGames } from './sim-games.ts';
import { announceStarted } from '../workers/worker-health.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: SimResponse) => scope.postMessage(message);
let programs: Array<Program | undefined> = [];
let lastAlive = 0;

function alive(): void {
  const now = performance.now();
  if (now - lastAlive < ALIVE_MS) return;
  lastAlive = now;
  post({ type: 'alive' });
}

function compile(files: Record<string, string>, entry: string): { program?: Program; compiled: Compiled } {
  const result = compileEntry(files, entry);
  if (!result.ok) return { compiled: { ok: false, message: `${result.errors} error(s): ${result.message}` } };
  const p = result.program;
  const sides = sideNames(p.data);
  return { program: p, compiled: { ok: true, id: String(p.data.id ?? p.model.entry), hash: p.hash, name: p.data.name ?? entry, sides } };
}

scope.addEventListener('message', (event: MessageEvent<SimRequest>) => {
  const msg = event.data;
  if (msg.type === 'init') {
    const out = msg.entries.map((entry) => {
      try {
        return compile(msg.files, entry);
      } catch (e) {
        return { compiled: { ok: false as const, message: e instanceof Error ? e.message : String(e) } };
      }
    });
    programs = out.map((o) => o.program);
    return post({ type: 'ready', runs: out.map((o) => o.compiled) });
  }
  const { job, run } = msg;
  try {
    const program = programs[run];
    if (!program) return post({ type: 'failed', job, run, message: 'The ruleset did not compile.' });
    const records = playGames(program, msg.plan, msg.from, msg.to, (record, n) => post({ type: 'game', job, run, n, record }), alive);
    if ('problems' in records) return post({ type: 'failed', job, run, message: records.problems.join(' ') });
    post({ type: 'done', job });
  } catch (e) {
    post({ type: 'failed', job, run, message: e instanceof Error ? e.message : String(e) });
  }
});

announceStarted(scope);
