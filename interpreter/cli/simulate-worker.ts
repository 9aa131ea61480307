import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { compileRuleset } from '../compile/index.ts';
import { isError } from '../diagnostics.ts';
import { loadRuleset, type FileHost } from '../load/index.ts';
import type { Program } from '../runtime/index.ts';
import { nodeHost } from './node-host.ts';
import { playAny } from './simulate-games.ts';
import { threadCpuMs } from './thread-cpu.ts';
import type { FromWorker, ToWorker } from './simulate-run.ts';

/**
 * One thread of the simulate pool (simulate-run.ts): it lives for the whole command, compiles each
 * ruleset it is sent once, then plays the chunks of games it is handed, posting each game's record.
 */
let program: Program | undefined;
let key: string | undefined;
let heapPeak = 0;
const post = (m: FromWorker) => parentPort!.postMessage(m);

parentPort!.on('message', (m: ToWorker) => {
  if (m.type === 'load') {
    const started = performance.now();
    program = compile(m.path, m.files, m.root);
    key = m.key;
    post({ type: 'ready', key, hash: program.hash, ms: performance.now() - started });
    return;
  }
  if (m.key !== key || !program) throw new Error(`asked to play rules '${m.key}' before they were sent`);
  if (m.hash !== program.hash) { post({ type: 'returned', from: m.from, to: m.to }); return; }
  for (let i = m.from; i <= m.to; i++) {
    const record = playAny(program, m.plan, i);
    if ('problems' in record) { post({ type: 'problems', problems: record.problems }); return; }
    // Sampled after each game: the heap this thread holds between games (peaks inside one are not seen).
    heapPeak = Math.max(heapPeak, getHeapStatistics().total_heap_size);
    post({ type: 'game', index: i, record, heapPeak, cpuMs: threadCpuMs() });
  }
});

/**
 * The same load and compile the main thread did, from the texts it read (so both threads play the
 * very rules that were checked, even if a file changes meanwhile); other paths read the disk.
 */
function compile(path: string, files: Record<string, string>, root: string | undefined): Program {
  const host: FileHost = { ...nodeHost, readFile: (p) => (Object.hasOwn(files, p) ? files[p] : nodeHost.readFile(p)) };
  const { model, diagnostics } = loadRuleset(path, host, root === undefined ? {} : { root });
  const error = diagnostics.find(isError);
  if (!model || error) throw new Error(`cannot load ${path}: ${error?.message ?? 'no rules'}`);
  return compileRuleset(model);
}
