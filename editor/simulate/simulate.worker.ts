/// <reference lib="webworker" />
/**
 * One simulation worker: compiles the ruleset once, then plays the batches of games it is given
 * and reports each game as it ends (for the progress bar), with a heartbeat between (for the
 * watchdog: a long game is not a stuck one). The view runs several in parallel.
 */
import { summarise, type Program } from '../../interpreter/index.ts';
import { compileEntry } from '../play/compile.ts';
import { ALIVE_MS, type SimRequest, type SimResponse } from './protocol.ts';
import { playGames } from './sim-games.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: SimResponse) => scope.postMessage(message);
let program: Program | undefined;
let lastAlive = 0;

function alive(): void {
  const now = performance.now();
  if (now - lastAlive < ALIVE_MS) return;
  lastAlive = now;
  post({ type: 'alive' });
}

scope.addEventListener('message', (event: MessageEvent<SimRequest>) => {
  const msg = event.data;
  try {
    if (msg.type === 'init') {
      const result = compileEntry(msg.files, msg.entry);
      program = result.ok ? result.program : undefined;
      if (!result.ok) return post({ type: 'ready', ok: false, message: `${result.errors} error(s): ${result.message}` });
      const sides = Object.fromEntries(Object.entries(result.program.data.sides ?? {}).map(([id, s]) => [id, s.name ?? id]));
      return post({ type: 'ready', ok: true, hash: result.program.hash, name: result.program.data.name ?? msg.entry, sides });
    }
    if (!program) return post({ type: 'failed', message: 'The ruleset did not compile.' });
    if (msg.type === 'play') {
      let done = 0;
      const records = playGames(program, msg.plan, msg.from, msg.to, () => post({ type: 'progress', job: msg.job, done: ++done }), alive);
      if ('problems' in records) return post({ type: 'failed', message: records.problems.join(' ') });
      return post({ type: 'records', job: msg.job, records });
    }
    post({ type: 'summary', summary: summarise(msg.records, program) });
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
