import { parentPort, workerData } from 'node:worker_threads';
import { compileRuleset } from '../compile/index.ts';
import { loadRuleset } from '../load/index.ts';
import { nodeHost } from './node-host.ts';
import { playRange, type SimulationPlan } from './simulate-games.ts';

/** One worker: compile the ruleset once, play its range of games, post progress and records. */
const { plan, from, to } = workerData as { plan: SimulationPlan; from: number; to: number };
const program = compileRuleset(loadRuleset(plan.path, nodeHost, plan.root === undefined ? {} : { root: plan.root }).model!);
const records = playRange(program, plan, from, to, () => parentPort!.postMessage({ type: 'progress' }));
parentPort!.postMessage({ type: 'done', records });
