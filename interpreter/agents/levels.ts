/**
 * Agents by name, as the CLI and the editor take them: `random`, `first`, `greedy`, the levels `easy`,
 * `normal`, `hard` (search budgets a designer can reason about), or `mcts` with its options
 * (`mcts:iterations=500,depth=200`; `ms=N` adds a time budget, which makes games depend on the machine).
 */
import { didYouMean } from '../../grammar/index.ts';
import type { Agent } from './agent.ts';
import { GreedyAgent } from './greedy.ts';
import { MctsAgent, type MctsOptions } from './mcts.ts';
import { FirstAgent, RandomAgent } from './random.ts';

/** Search budgets of the named levels: iterations per decision, and how deep a playout may go. */
export const LEVELS: Record<string, Partial<MctsOptions>> = {
  easy: { iterations: 50 },
  normal: { iterations: 200 },
  hard: { iterations: 1000 },
};

const OPTION_NAMES: Record<string, keyof MctsOptions> = { iterations: 'iterations', ms: 'ms', depth: 'playoutDepth', c: 'exploration', answers: 'maxAnswers', prior: 'priorWeight' };

/** The agent a spec names, seeded; or why the spec is not one. */
export function agentFromSpec(spec: string, seed: string): Agent | { error: string } {
  const [kind, rest] = spec.split(':', 2) as [string, string | undefined];
  if (kind === 'random' && rest === undefined) return new RandomAgent(seed);
  if (kind === 'first' && rest === undefined) return new FirstAgent();
  if (kind === 'greedy' && rest === undefined) return new GreedyAgent(seed);
  if (LEVELS[kind] && rest === undefined) return new MctsAgent(seed, LEVELS[kind], kind);
  if (kind !== 'mcts') {
    const close = didYouMean(kind, ['random', 'first', 'greedy', ...Object.keys(LEVELS), 'mcts']);
    const meant = close === undefined || close === kind ? '' : ` (did you mean ${close}?)`;
    return { error: `unknown agent '${spec}'${meant}: use random, first, greedy, ${Object.keys(LEVELS).join(', ')} or mcts[:iterations=N,depth=N,c=X]` };
  }
  const opts: Partial<MctsOptions> = {};
  for (const pair of (rest ?? '').split(',').filter(Boolean)) {
    const [k, v] = pair.split('=');
    const name = OPTION_NAMES[k ?? ''];
    const n = Number(v);
    if (!name || v === undefined || !Number.isFinite(n) || n <= 0) return { error: `bad mcts option '${pair}': use ${Object.keys(OPTION_NAMES).map((o) => `${o}=<positive number>`).join(', ')}` };
    opts[name] = n;
  }
  return new MctsAgent(seed, opts, spec);
}

/** Whether an agent spec has a time budget (`mcts:…,ms=N`): its games then depend on the machine's speed. */
export const timeBudgeted = (spec: string): boolean => /^mcts:(.*,)?ms=/.test(spec);

/**
 * A comma-separated list of agent specs (`--agents normal,random`, `--bots p2=hard,p3`), where an
 * `mcts:` spec's own options are comma-separated too: `mcts:iterations=500,depth=20,random` is two
 * specs. A piece that is an mcts option (`depth=20`) belongs to the mcts spec before it.
 */
export function splitAgentSpecs(text: string): string[] {
  const specs: string[] = [];
  for (const piece of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const option = /^([a-z]+)=/.exec(piece)?.[1];
    const last = specs.at(-1);
    if (option !== undefined && OPTION_NAMES[option] && last !== undefined && last.includes('mcts:')) specs[specs.length - 1] = `${last},${piece}`;
    else specs.push(piece);
  }
  return specs;
}
