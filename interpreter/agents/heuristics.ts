/**
 * The ruleset's declared heuristics (`heuristics:`) as rewards: each seat's score, squashed to a
 * chance of winning in [0, 1] by 1 / (1 + e^(-score / scale)). Evaluated only on games a search
 * agent was given (determinizations), never on the real one.
 */
import type { Answer, DecisionRequest } from '../runtime/decisions.ts';
import type { Game } from '../runtime/game.ts';
import { programMemo } from '../runtime/program-memo.ts';
import type { PureMemo } from '../runtime/pure-memo.ts';
import type { CompiledScript } from '../runtime/program.ts';
import type { Runtime } from '../runtime/runtime.ts';
import { EntityRef, record, toNumber, type Value } from '../runtime/values.ts';

/** Whether the ruleset declares a heuristic search can cut playouts with. */
export const hasHeuristic = (game: Game): boolean => {
  const h = game.program.data.heuristics;
  return h !== undefined && (h.score !== undefined || Object.keys(h.sides ?? {}).length > 0);
};

/** Every seat's reward by the heuristic; null without one (or for a seat it does not score). */
export function heuristicRewards(game: Game): Map<string, number> | null {
  const scores = heuristicScores(game);
  if (!scores) return null;
  const h = game.program.data.heuristics!;
  const scale = typeof h.scale === 'number' && h.scale > 0 ? h.scale : 1;
  const out = new Map<string, number>();
  for (const [id, score] of scores) out.set(id, 1 / (1 + Math.exp(-(score ?? 0) / scale)));
  return out;
}

/**
 * Every seat's raw heuristic score (before squashing), undefined for a seat it does not score;
 * null without a heuristic. Simulation summaries read it at game end for the score margin.
 */
export function heuristicScores(game: Game): Map<string, number | undefined> | null {
  const h = game.program.data.heuristics;
  if (!h || !hasHeuristic(game)) return null;
  const rt = game.rt;
  const out = new Map<string, number | undefined>();
  const bySide = new Map<string, number>();
  for (const p of game.state.players) {
    let score: number | undefined;
    if (h.per === 'player') score = toNumber(rt.evalSite(['heuristics', 'score'], record([['player', rt.ref('player', p.id)]])) ?? null);
    else if (p.side !== null) {
      if (!bySide.has(p.side)) {
        const path = h.sides?.[p.side] !== undefined ? ['heuristics', 'sides', p.side] : ['heuristics', 'score'];
        const side: EntityRef = rt.ref('side', p.side);
        bySide.set(p.side, toNumber(rt.evalSite(path, record([['side', side]])) ?? null) ?? 0);
      }
      score = bySide.get(p.side);
    }
    out.set(p.id, score);
  }
  return out;
}

/** Whether the ruleset declares option priors. */
export const hasPriors = (game: Game): boolean => Object.keys(game.program.data.heuristics?.priors ?? {}).length > 0;

/**
 * Each answer's prior by the ruleset's `heuristics.priors` (summed over entries; 0 is neutral), or
 * null without priors. A `several` answer scores the sum of its options. Evaluated on the
 * determinized game the search is on, with `option`, `player`, `question` (the prompt's text) and `item` (the item of a
 * `choose … for each` the question is about, else none) bound.
 */
export function answerPriors(game: Game, req: DecisionRequest, answers: readonly Answer[], memo: PureMemo = new Map()): number[] | null {
  const priors = game.program.data.heuristics?.priors;
  if (!priors) return null;
  const ids = Object.keys(priors);
  if (ids.length === 0) return null;
  const rt = game.rt;
  // Every option is scored on the same state: when no prior can change it, what their pure
  // procedures compute is kept by arguments (pure-memo.ts), in `memo` for as long as the caller
  // knows the state unchanged. Never with a log or a trace, which would miss the calls' lines.
  const keep = !rt.logging && !rt.opts.trace && priorsOf(rt, ids).pure;
  const outer = rt.pureMemo;
  if (keep) rt.pureMemo = memo;
  try {
    return scored(rt, req, ids, answers);
  } finally {
    rt.pureMemo = outer;
  }
}

/**
 * The prior sites' scripts, in the order of `ids`, and whether every one is pure: found once per
 * program (answerPriors runs at every question of every playout, for every option).
 */
interface PriorSites { scripts: Array<CompiledScript | undefined>; pure: boolean }
const priorSites = programMemo((): { sites?: PriorSites } => ({}));
function priorsOf(rt: Runtime, ids: string[]): PriorSites {
  const held = priorSites(rt.program);
  if (held.sites === undefined) {
    const scripts = ids.map((id) => rt.script(['heuristics', 'priors', id, 'score']));
    held.sites = { scripts, pure: scripts.every((x) => x?.pure === true) };
  }
  return held.sites;
}

function scored(rt: Runtime, req: DecisionRequest, ids: string[], answers: readonly Answer[]): number[] {
  const player = rt.ref('player', req.player);
  const cache = new Map<number, number>();
  const { scripts } = priorsOf(rt, ids);
  const one = (option: Value, key: number): number => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const locals = record([['option', option], ['player', player], ['question', req.prompt], ['item', req.group?.item ?? null]]);
    let total = 0;
    for (const script of scripts) total += toNumber(rt.evalScript(script, locals) ?? null) ?? 0;
    cache.set(key, total);
    return total;
  };
  return answers.map((a) => {
    if (req.kind === 'number') return one(a as number, a as number);
    if (Array.isArray(a)) return a.reduce((s, i) => s + one(req.options[i] ?? null, i), 0);
    return one(req.options[a] ?? null, a);
  });
}
