/**
 * A generic search agent: Monte Carlo tree search (UCT) over determinized games. Each iteration
 * draws a game the agent's seat cannot tell from the real one (SearchContext.sample), walks the
 * tree of answers from the current question (every seat's questions: each picks what is best for
 * itself), expands one answer, plays on, and scores the end for every seat. Answers that exist
 * only in some determinizations are compared by how often they were available (information-set
 * MCTS, "availability" counts). Deterministic for a seed and an iteration budget.
 *
 * Simultaneous secret choices (a `secretly choose … for each`, one `DecisionRequest.group`) are
 * searched decoupled: each question of the group keeps its own statistics at the node where the
 * group began, chosen without knowing the others' answers; the tree moves on by the joint answer
 * once the group is complete. Searched in turn instead, the later seats would pick best replies
 * to answers they cannot see, and every earlier seat would look worse off than it is.
 *
 * Playouts are cut after a few decisions and scored by the ruleset's `heuristics:` when it
 * declares them (after `heuristics.depth` decisions), else run to the end. Option priors (`heuristics.priors`) order the expansion,
 * bias the selection while an answer has few visits, and weight the playouts' choices.
 */
import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { Game } from '../runtime/game.ts';
import type { PureMemo } from '../runtime/pure-memo.ts';
import { nextInt, nextUint32, seedRng, type RngState } from '../runtime/rng.ts';
import type { Agent, SearchContext } from './agent.ts';
import { candidateAnswers } from './answers.ts';
import { answerPriors, hasHeuristic, hasPriors, heuristicRewards } from './heuristics.ts';
import { RandomAgent } from './random.ts';

export interface MctsOptions {
  /** Iterations per decision (the budget; deterministic). */
  iterations: number;
  /**
   * A time budget per decision in milliseconds, on top of `iterations` (the search stops at
   * whichever comes first). Time depends on the machine, so a game played with it is not
   * reproducible from its seed; leave it unset where results must repeat.
   */
  ms?: number;
  /**
   * Decisions a playout may take before it is cut and scored by the ruleset's heuristic (as a
   * draw without one). Default: the ruleset's `heuristics.depth` or HEURISTIC_DEPTH with a heuristic, FULL_DEPTH without.
   */
  playoutDepth?: number;
  /** UCB exploration constant. */
  exploration: number;
  /** Most answers considered for a `several` or a wide `number` question (sampled once per node). */
  maxAnswers: number;
  /** Weight of an option's prior in the selection: prior × weight / (visits + 1). */
  priorWeight: number;
}

export const MCTS_DEFAULTS: MctsOptions = { iterations: 200, exploration: 0.7, maxAnswers: 16, priorWeight: 0.5 };
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

/** One answer's statistics: times picked, times it could have been, the picking seat's reward. */
interface Stats {
  answer: Answer;
  n: number;
  available: number;
  reward: number;
  prior: number;
}

interface Edge extends Stats {
  node: TreeNode;
}

interface TreeNode {
  edges: Map<string, Edge>;
  /** Simultaneous groups that began here: each question's own statistics, by its index in the group. */
  group?: Map<number, Map<string, Stats>>;
  /** Where the tree goes once such a group is answered, by the joint answer. */
  joint?: Map<string, TreeNode>;
}

interface Keyed {
  a: Answer;
  key: string;
  prior: number;
}

export class MctsAgent implements Agent {
  readonly name: string;
  private readonly opts: MctsOptions;
  private readonly rng: RngState;
  private readonly fallback: RandomAgent;
  /** Priors of the answers of a node's edges or a group's table (see `priorsFor`). */
  private readonly priorCache = new WeakMap<object, Map<string, number>>();

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
   * to the end it answers exactly what `choose` would, however it was sliced (with an iteration
   * budget; a time budget ends when it ends).
   */
  begin(req: DecisionRequest, search?: SearchContext): MctsSearch {
    // Without a search context (a caller that cannot offer determinizations) it plays at random;
    // a question with one answer needs no search.
    const trivial = !search ? this.fallback.choose(req) : req.kind === 'one' && req.options.length === 1 ? 0 : undefined;
    if (trivial !== undefined || !search) return { budget: 0, iterations: 0, done: true, step: () => true, answer: () => trivial! };
    const root: TreeNode = { edges: new Map() };
    const budget = this.opts.iterations;
    const deadline = this.opts.ms !== undefined ? Date.now() + this.opts.ms : Infinity;
    let iterations = 0;
    let timedOut = false;
    let chosen: Answer | undefined;
    const self = this;
    const over = () => iterations >= budget || timedOut;
    return {
      budget,
      get iterations() {
        return iterations;
      },
      get done() {
        return over();
      },
      step(n: number): boolean {
        for (let i = 0; i < n && !over(); i++, iterations++) {
          self.iterate(root, search);
          if (deadline !== Infinity && Date.now() >= deadline) timedOut = true;
        }
        return over();
      },
      answer(): Answer {
        if (chosen !== undefined && over()) return chosen;
        const stats: Iterable<Stats> = req.secret && req.group ? (root.group?.get(req.group.index)?.values() ?? []) : root.edges.values();
        let best: Stats | undefined;
        for (const e of stats) if (!best || e.n > best.n || (e.n === best.n && e.reward / e.n > best.reward / best.n)) best = e;
        const a = best ? best.answer : self.fallback.choose(req);
        if (over()) chosen = a;
        return a;
      },
    };
  }

  private iterate(root: TreeNode, search: SearchContext): void {
    const game = search.sample(this.rng);
    const path: Array<{ stats: Stats; player: string }> = [];
    const priors = hasPriors(game);
    let node = root;
    let expanded = false;
    let group: { id: number; at: TreeNode; keys: string[] } | null = null;
    while (game.pending && !expanded) {
      const req = game.pending;
      const keyed: Keyed[] = this.candidates(req).map((a) => ({ a, key: answerKey(req, a), prior: 0 }));
      if (req.secret && req.group) {
        // A simultaneous group: pick from this question's own statistics where the group began.
        if (!group || group.id !== req.group.id) group = { id: req.group.id, at: node, keys: [] };
        const tables = (group.at.group ??= new Map());
        const table = tables.get(req.group.index) ?? tables.set(req.group.index, new Map()).get(req.group.index)!;
        if (priors) this.priorsFor(table, game, req, keyed);
        const pick = this.pick(table, keyed, () => ({}));
        if (!game.answer(pick.stats.answer).ok) return;
        path.push({ stats: pick.stats, player: req.player });
        group.keys.push(pick.key);
        const next = game.pending;
        if (!next || !next.secret || next.group?.id !== group.id) {
          const joint = (group.at.joint ??= new Map());
          const key = group.keys.join('&');
          let child = joint.get(key);
          if (!child) {
            child = { edges: new Map() };
            joint.set(key, child);
            expanded = true;
          }
          node = child;
          group = null;
        }
        continue;
      }
      if (priors) this.priorsFor(node.edges, game, req, keyed);
      const pick = this.pick(node.edges, keyed, () => ({ node: { edges: new Map() } }));
      if (pick.fresh) expanded = true;
      if (!game.answer(pick.stats.answer).ok) return;
      path.push({ stats: pick.stats, player: req.player });
      node = pick.stats.node;
    }
    const rewards = this.playout(game, priors);
    for (const { stats, player } of path) {
      stats.n++;
      stats.reward += rewards.get(player) ?? 0;
    }
  }

  /**
   * An answer from `table`: an untried one if any (the highest prior first, ties at random), else
   * the best by UCB1 over the answers available in this determinization, biased by the prior
   * while the answer has few visits.
   */
  private pick<S extends Stats>(table: Map<string, S>, keyed: Keyed[], extra: () => Omit<S, keyof Stats>): { stats: S; key: string; fresh: boolean } {
    let fresh: Keyed[] = [];
    let top = -Infinity;
    for (const k of keyed) {
      const s = table.get(k.key);
      if (s) s.available++;
      else if (k.prior > top) { top = k.prior; fresh = [k]; }
      else if (k.prior === top) fresh.push(k);
    }
    if (fresh.length > 0) {
      const k = fresh[nextInt(this.rng, fresh.length)]!;
      const stats = { answer: k.a, n: 0, available: 1, reward: 0, prior: k.prior, ...extra() } as S;
      table.set(k.key, stats);
      return { stats, key: k.key, fresh: true };
    }
    let best: Keyed | undefined;
    let bestScore = -Infinity;
    for (const k of keyed) {
      const e = table.get(k.key)!;
      const score = e.n === 0
        ? Infinity
        : e.reward / e.n + this.opts.exploration * Math.sqrt(Math.log(Math.max(e.available, 1)) / e.n) + (this.opts.priorWeight * e.prior) / (e.n + 1);
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    return { stats: table.get(best!.key)!, key: best!.key, fresh: false };
  }

  /**
   * Fill in `keyed` answers' priors, each evaluated once per node (on the first determinization it
   * was offered in, not on every visit: priors only order and nudge the search, and evaluating
   * them is the costly part of a visit).
   */
  private priorsFor(table: object, game: Game, req: DecisionRequest, keyed: Keyed[]): void {
    let known = this.priorCache.get(table);
    if (!known) this.priorCache.set(table, (known = new Map()));
    const missing = keyed.filter((k) => !known.has(k.key));
    if (missing.length) {
      const values = answerPriors(game, req, missing.map((k) => k.a)) ?? [];
      missing.forEach((k, i) => known.set(k.key, values[i] ?? 0));
    }
    for (const k of keyed) k.prior = known.get(k.key) ?? 0;
  }

  private candidates(req: DecisionRequest): Answer[] {
    return candidateAnswers(req, this.opts.maxAnswers, this.rng, this.fallback);
  }

  /**
   * Play to the end or the depth cut, at random or, with priors, favouring options by them; every
   * seat's reward in [0, 1] (by the heuristic at a cut).
   */
  private playout(game: Game, priors: boolean): Map<string, number> {
    const depth = this.opts.playoutDepth ?? (hasHeuristic(game) ? (game.program.data.heuristics?.depth ?? HEURISTIC_DEPTH) : FULL_DEPTH);
    for (let d = 0; d < depth && game.pending; d++) {
      const req = game.pending;
      game.answer(priors && req.kind === 'one' && req.options.length > 1 ? this.favoured(game, req) : this.fallback.choose(req));
    }
    if (game.status !== 'ended' && game.status !== 'error') return heuristicRewards(game) ?? rewardsOf(game);
    return rewardsOf(game);
  }

  /**
   * An option drawn at random and kept with chance 1 / (1 + e^(-prior)), else drawn again (at most
   * PLAYOUT_DRAWS times, the last draw kept): options below 0 become rare, and only the options
   * drawn are evaluated, not every option of every question of a playout.
   */
  private favoured(game: Game, req: DecisionRequest): Answer {
    let i = 0;
    // Nothing changes the game between draws: what one draw's priors computed serves the next.
    const memo: PureMemo = new Map();
    for (let t = 0; t < PLAYOUT_DRAWS; t++) {
      i = nextInt(this.rng, req.options.length);
      const p = answerPriors(game, req, [i], memo)?.[0] ?? 0;
      if (nextUint32(this.rng) / 0x1_0000_0000 < 1 / (1 + Math.exp(-p))) return i;
    }
    return i;
  }
}

/** Draws per playout question before `favoured` keeps whatever it drew. */
const PLAYOUT_DRAWS = 8;

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
