/**
 * A generic search agent: Monte Carlo tree search (UCT) over determinized games. Each iteration
 * draws a game the agent's seat cannot tell from the real one (SearchContext.sample), walks the
 * tree of answers from the current question (every seat's questions: each picks what is best for
 * itself), expands one answer, plays on at random, and scores the end for every seat. Answers
 * that exist only in some determinizations are compared by how often they were available
 * (information-set MCTS, "availability" counts). Deterministic for a seed and an iteration budget.
 *
 * Playouts are cut after a few decisions and scored by the ruleset's `heuristics:` when it
 * declares them, else run to the end. Not yet: option priors, and decoupled statistics for simultaneous secret choices (those are
 * searched as if answered in turn, which the determinizations keep from leaking).
 */
import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { Game } from '../runtime/game.ts';
import { nextInt, seedRng, type RngState } from '../runtime/rng.ts';
import type { Agent, SearchContext } from './agent.ts';
import { candidateAnswers } from './answers.ts';
import { hasHeuristic, heuristicRewards } from './heuristics.ts';
import { RandomAgent } from './random.ts';

export interface MctsOptions {
  /** Iterations per decision (the budget; deterministic). */
  iterations: number;
  /**
   * Decisions a playout may take before it is cut and scored by the ruleset's heuristic (as a
   * draw without one). Default: HEURISTIC_DEPTH with a heuristic, FULL_DEPTH without.
   */
  playoutDepth?: number;
  /** UCB exploration constant. */
  exploration: number;
  /** Most answers considered for a `several` or a wide `number` question (sampled once per node). */
  maxAnswers: number;
}

export const MCTS_DEFAULTS: MctsOptions = { iterations: 200, exploration: 0.7, maxAnswers: 16 };
/** Playout depth with a heuristic to score the cut (decisions), and without one (to the end, nearly always). */
export const HEURISTIC_DEPTH = 24;
export const FULL_DEPTH = 2000;

/**
 * One decision's search in progress (`MctsAgent.begin`): `step(n)` runs up to `n` more iterations
 * and says whether the budget is spent; `answer()` is the most visited answer (final once done).
 */
export interface MctsSearch {
  /** Iterations the search will run in all (0: nothing to search). */
  readonly budget: number;
  /** Iterations run so far. */
  readonly iterations: number;
  readonly done: boolean;
  step(n: number): boolean;
  answer(): Answer;
}

interface Edge {
  answer: Answer;
  /** Times it was picked, times it could have been, and the reward of the seat that picks it. */
  n: number;
  available: number;
  reward: number;
  node: TreeNode;
}

interface TreeNode {
  edges: Map<string, Edge>;
}

export class MctsAgent implements Agent {
  readonly name: string;
  private readonly opts: MctsOptions;
  private readonly rng: RngState;
  private readonly fallback: RandomAgent;

  constructor(seed: string | number, opts: Partial<MctsOptions> = {}, name = 'mcts') {
    this.opts = { ...MCTS_DEFAULTS, ...opts };
    this.rng = seedRng(`mcts:${seed}`);
    this.fallback = new RandomAgent(`mcts-fallback:${seed}`);
    this.name = name;
  }

  choose(req: DecisionRequest, _view: unknown, search?: SearchContext): Answer {
    const s = this.begin(req, search);
    s.step(Infinity);
    return s.answer();
  }

  /**
   * The same search as `choose`, to run a slice at a time: a host that must stay responsive (the
   * editor's play worker, which reads a Cancel between slices) steps it, and may drop it. Stepped
   * to the end it answers exactly what `choose` would, however it was sliced.
   */
  begin(req: DecisionRequest, search?: SearchContext): MctsSearch {
    // Without a search context (a caller that cannot offer determinizations) it plays at random;
    // a question with one answer needs no search.
    const trivial = !search ? this.fallback.choose(req) : req.kind === 'one' && req.options.length === 1 ? 0 : undefined;
    if (trivial !== undefined || !search) return { budget: 0, iterations: 0, done: true, step: () => true, answer: () => trivial! };
    const root: TreeNode = { edges: new Map() };
    const budget = this.opts.iterations;
    let iterations = 0;
    let chosen: Answer | undefined;
    const self = this;
    return {
      budget,
      get iterations() {
        return iterations;
      },
      get done() {
        return iterations >= budget;
      },
      step(n: number): boolean {
        for (let i = 0; i < n && iterations < budget; i++, iterations++) self.iterate(root, search);
        return iterations >= budget;
      },
      answer(): Answer {
        if (chosen !== undefined && iterations >= budget) return chosen;
        let best: Edge | undefined;
        for (const e of root.edges.values()) if (!best || e.n > best.n || (e.n === best.n && e.reward / e.n > best.reward / best.n)) best = e;
        const a = best ? best.answer : self.fallback.choose(req);
        if (iterations >= budget) chosen = a;
        return a;
      },
    };
  }

  private iterate(root: TreeNode, search: SearchContext): void {
    const game = search.sample(this.rng);
    const path: Array<{ edge: Edge; player: string }> = [];
    let node = root;
    let expanded = false;
    while (game.pending && !expanded) {
      const req = game.pending;
      const answers = this.candidates(req);
      const keyed = answers.map((a) => ({ a, key: answerKey(req, a) }));
      const fresh = keyed.filter(({ key }) => !node.edges.has(key));
      for (const { key } of keyed) {
        const e = node.edges.get(key);
        if (e) e.available++;
      }
      let edge: Edge;
      if (fresh.length > 0) {
        const pick = fresh[nextInt(this.rng, fresh.length)]!;
        edge = { answer: pick.a, n: 0, available: 1, reward: 0, node: { edges: new Map() } };
        node.edges.set(pick.key, edge);
        expanded = true;
      } else {
        edge = this.select(node, keyed.map(({ key }) => key));
      }
      if (!game.answer(edge.answer).ok) return;
      path.push({ edge, player: req.player });
      node = edge.node;
    }
    const rewards = this.playout(game);
    for (const { edge, player } of path) {
      edge.n++;
      edge.reward += rewards.get(player) ?? 0;
    }
  }

  /** UCB1 over the answers available in this determinization. */
  private select(node: TreeNode, keys: string[]): Edge {
    let best: Edge | undefined;
    let bestScore = -Infinity;
    for (const key of keys) {
      const e = node.edges.get(key)!;
      const score = e.n === 0 ? Infinity : e.reward / e.n + this.opts.exploration * Math.sqrt(Math.log(Math.max(e.available, 1)) / e.n);
      if (score > bestScore) {
        bestScore = score;
        best = e;
      }
    }
    return best!;
  }

  private candidates(req: DecisionRequest): Answer[] {
    return candidateAnswers(req, this.opts.maxAnswers, this.rng, this.fallback);
  }

  /** Random play to the end or the depth cut; every seat's reward in [0, 1] (by the heuristic at a cut). */
  private playout(game: Game): Map<string, number> {
    const depth = this.opts.playoutDepth ?? (hasHeuristic(game) ? HEURISTIC_DEPTH : FULL_DEPTH);
    for (let d = 0; d < depth && game.pending; d++) game.answer(this.fallback.choose(game.pending));
    if (game.status !== 'ended' && game.status !== 'error') return heuristicRewards(game) ?? rewardsOf(game);
    return rewardsOf(game);
  }
}

/** How an answer is known across determinizations: by the option's label (indices may shift), else its value. */
function answerKey(req: DecisionRequest, a: Answer): string {
  if (req.kind === 'number') return `${req.player}#${a as number}`;
  const label = (i: number) => `${req.labels[i] ?? i}@${req.labels.slice(0, i).filter((l) => l === req.labels[i]).length}`;
  return `${req.player}:${Array.isArray(a) ? a.map(label).join('|') : label(a)}`;
}

/**
 * Each seat's reward for a finished game: 1 for a win, shared in a tie, 0.5 for a draw (or a game
 * cut before its end), 0 for a loss. A winner is a side id, a player id, a list of them, or none.
 */
/** The winners a result names (side or player ids); none for a draw (`winner: none` or missing). */
export function winnersOf(result: unknown): string[] {
  const raw = result && typeof result === 'object' ? (result as { winner?: unknown }).winner : null;
  return (Array.isArray(raw) ? raw : raw === null || raw === undefined || raw === 'none' ? [] : [raw]).map(String);
}

export function rewardsOf(game: Game): Map<string, number> {
  const out = new Map<string, number>();
  const players = game.state.players;
  if (game.status !== 'ended') {
    for (const p of players) out.set(p.id, 0.5);
    return out;
  }
  const winners = winnersOf(game.result);
  const won = (p: { id: string; side: string | null }) => winners.includes(p.id) || (p.side !== null && winners.includes(p.side));
  const count = players.filter(won).length;
  for (const p of players) out.set(p.id, count === 0 ? 0.5 : won(p) ? 1 / count : 0);
  return out;
}
