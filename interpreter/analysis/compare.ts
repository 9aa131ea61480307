import type { Program } from '../runtime/program.ts';
import { newcombe, newcombePaired, pairedMean, pairedShares, sample, welch, type Difference, type Sample } from './intervals.ts';
import { winnersVerdict, type Verdict } from './verdict.ts';
import { outcomeOf, rulesetName, summariseRecords, winnerOf, wilson, type GameRecord, type SimulationSummary } from './summary.ts';

/**
 * A share of games in each ruleset, and the change (variant − base) with its 95% interval: paired
 * by seed (Newcombe's method 10 for paired data) when both rule sets played the same seeds, else
 * Newcombe's interval for independent samples.
 */
export interface RateChange extends Difference {
  label: string;
  base: { count: number; games: number; share: number; ci95: [number, number] };
  variant: { count: number; games: number; share: number; ci95: [number, number] };
}

/**
 * A mean in each ruleset (games that ended) and the change with its 95% interval: the mean of the
 * per-seed differences with Student's t over the seeds both ended (paired), else Welch's.
 */
export interface MeanChange extends Difference {
  base: Sample;
  variant: Sample;
}

/** How often seat p1 wins, against the share each seat would win in a fair game (1 / seats). */
export interface FirstSeat {
  seats: number;
  fair: number;
  /**
   * The side p1 plays in every game of both rule sets, when it is always the same one (a game of
   * sides, seats not rotated): then the seat's wins are that side's, already among the winners,
   * and tell nothing of moving first. Null when p1 plays no side or not always the same.
   */
  side: string | null;
  base: { wins: number; games: number; share: number; ci95: [number, number]; advantage: boolean };
  variant: { wins: number; games: number; share: number; ci95: [number, number]; advantage: boolean };
  change: Difference;
}

export interface Comparison {
  /** Games of each rule set played (seeds `S:1..S:games`; when interrupted, the seeds both finished). */
  games: number;
  /** Always "paired": game i of both rule sets is played with seed `S:i` and the same bots. */
  design: 'paired';
  seed: string;
  agents: string[];
  /** Set when games that did not end (a runtime error) were left out of the figures below. */
  leftOut?: LeftOut;
  /** Each rule set's games, all of them: what `simulate` prints alone, runtime errors included. */
  base: SimulationSummary;
  variant: SimulationSummary;
  /** From here on, the figures are of the seeds whose games ended under both rule sets. */
  winners: RateChange[];
  /** Seeds whose winner differs between the rule sets (null when not paired seed for seed). */
  winnersDiffer: number | null;
  /** Paired, and every pair's games alike to the end: winner, result, rounds, decisions and margin. */
  identical?: true;
  outcomes: RateChange[];
  rounds: MeanChange;
  decisions: MeanChange;
  /** Score margin (result `margin`, else heuristic spread); null when neither ruleset gives one. */
  margin: MeanChange | null;
  firstSeat: FirstSeat;
  /** Set when Ctrl-C stopped the run: the seeds both rule sets finished (`games`), of those asked for. */
  interrupted?: { finished: number; asked: number };
}

/**
 * Games left out of a comparison's figures: a game that stopped on a runtime error (or did not
 * end) has no winner, length or margin, so counting it as "no winner" would make the change look
 * like one in who wins. Paired by seed, the whole pair goes (its other game has nothing to be
 * compared with).
 */
export interface LeftOut {
  /** Seeds left out (a game of theirs did not end under either rule set); null when the records do not pair seed for seed. */
  pairs: number | null;
  /** Games that did not end, under each rule set (a seed may count in both). */
  base: number;
  variant: number;
  /** Games of each the figures are of: the seeds both ended (unpaired: the fewer ended games of the two). */
  compared: number;
  /** Whether enough are left to compare (two or more): else no verdict is given and the CLI and the report print no figures. */
  enough: boolean;
  /** What the CLI and the report say above the figures. */
  note: string;
}

/** Fewer games than this left to compare: no comparison (a mean of one difference has no interval). */
export const MIN_COMPARED = 2;

const labelOf = (shares: SimulationSummary['winners']) => new Map(shares.map((s) => [s.label, s.count]));

/** Each seed's game under both rule sets, in the base's order; null when they did not play the same seeds. */
type Pairs = Array<[GameRecord, GameRecord]> | null;

function pairsOf(base: GameRecord[], variant: GameRecord[]): Pairs {
  if (base.length !== variant.length) return null;
  const bySeed = new Map(variant.map((r) => [r.seed, r]));
  const out: Array<[GameRecord, GameRecord]> = [];
  for (const b of base) {
    const v = bySeed.get(b.seed);
    if (!v) return null;
    out.push([b, v]);
  }
  return out;
}

/** A game's label for a share (its winner, or winner and level); null for a game that did not end. */
type Labeller = (r: GameRecord) => string | null;
const winnerLabel: Labeller = (r) => (r.status === 'ended' ? winnerOf(r.result) : null);
const outcomeLabel: Labeller = (r) => (r.status === 'ended' ? outcomeOf(r.result) : null);

function rates(base: SimulationSummary['winners'], variant: SimulationSummary['winners'], nb: number, nv: number, pairs: Pairs, label: Labeller): RateChange[] {
  const a = labelOf(base);
  const b = labelOf(variant);
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  const paired = pairs ? new Map(pairedShares(pairs.map(([x]) => label(x)), pairs.map(([, y]) => label(y))).map((d) => [d.label, d])) : null;
  return labels.map((label) => {
    const xb = a.get(label) ?? 0;
    const xv = b.get(label) ?? 0;
    const change = paired?.get(label);
    return {
      label,
      base: { count: xb, games: nb, share: nb ? xb / nb : 0, ci95: wilson(xb, nb) },
      variant: { count: xv, games: nv, share: nv ? xv / nv : 0, ci95: wilson(xv, nv) },
      ...(change ? { diff: change.diff, ci95: change.ci95, significant: change.significant } : newcombe(xv, nv, xb, nb)),
    };
  });
}

/** A number of an ended game (its rounds, decisions, margin), or undefined. */
type Measure = (r: GameRecord) => number | undefined;

function means(base: GameRecord[], variant: GameRecord[], pairs: Pairs, measure: Measure): MeanChange {
  const values = (rs: GameRecord[]) => rs.map((r) => (r.status === 'ended' ? measure(r) : undefined)).filter((x): x is number => x !== undefined);
  const b = sample(values(base));
  const v = sample(values(variant));
  if (pairs) {
    const d: number[] = [];
    for (const [x, y] of pairs) {
      const bx = x.status === 'ended' ? measure(x) : undefined;
      const vy = y.status === 'ended' ? measure(y) : undefined;
      if (bx !== undefined && vy !== undefined) d.push(vy - bx);
    }
    if (d.length >= 2) {
      const { diff, ci95, significant } = pairedMean(d);
      return { base: b, variant: v, diff, ci95, significant };
    }
  }
  const { diff, ci95, significant } = welch(v, b);
  return { base: b, variant: v, diff, ci95, significant };
}

/** Whether p1 won this game alone (a shared win is not counted: it is no edge for the seat). */
function firstSeatWon(r: GameRecord): boolean {
  if (r.status !== 'ended' || !r.result || typeof r.result !== 'object') return false;
  const w = (r.result as { winner?: unknown }).winner;
  if (w === null || w === undefined || Array.isArray(w)) return false;
  return String(w) === 'p1' || (r.seats?.p1 != null && String(w) === r.seats.p1);
}

function firstSeat(base: GameRecord[], variant: GameRecord[], pairs: Pairs): FirstSeat {
  const seats = Math.max(1, Object.keys(base[0]?.seats ?? variant[0]?.seats ?? { p1: null, p2: null }).length);
  // With sides, p1's fair share is its side's: 1 / number of sides played.
  const sides = new Set(Object.values(base[0]?.seats ?? {}).filter((s) => s !== null));
  const fair = 1 / (sides.size > 0 ? sides.size : seats);
  const one = (records: GameRecord[]) => {
    const wins = records.filter(firstSeatWon).length;
    const ci95 = wilson(wins, records.length);
    return { wins, games: records.length, share: records.length ? wins / records.length : 0, ci95, advantage: ci95[0] > fair };
  };
  const b = one(base);
  const v = one(variant);
  let change = newcombe(v.wins, v.games, b.wins, b.games);
  if (pairs) {
    let both = 0, onlyBase = 0, onlyVariant = 0;
    for (const [x, y] of pairs) {
      const wx = firstSeatWon(x);
      const wy = firstSeatWon(y);
      if (wx && wy) both++;
      else if (wx) onlyBase++;
      else if (wy) onlyVariant++;
    }
    change = newcombePaired(both, onlyVariant, onlyBase, pairs.length - both - onlyBase - onlyVariant);
  }
  return { seats, fair, side: sideOfFirstSeat([...base, ...variant]), base: b, variant: v, change };
}

function sideOfFirstSeat(records: readonly GameRecord[]): string | null {
  let side: string | null = null;
  for (const r of records) {
    const s = r.seats?.p1 ?? null;
    if (s === null || (side !== null && s !== side)) return null;
    side = s;
  }
  return side;
}

/** One rule set's games, with the name and rules hash its summary shows. */
export interface NamedRecords {
  records: GameRecord[];
  ruleset: string;
  hash: string;
}

/**
 * Compare games of two rule sets played on the same seeds with the same bots: per winner and
 * outcome the change in share, game length and score margin, and the first seat's win rate, each
 * with its 95% interval. Game i of both is seed `S:i`, so the intervals are paired by seed (common
 * random numbers): the rules make the games diverge, but a seed that favours one side under the
 * base often does under the variant too, and the paired interval counts only the seeds where the
 * change shows. With games that agree more than chance it is narrower than the independent
 * samples' interval for the same games, never wider by much. Records not paired seed for seed
 * (other counts, other seeds) are compared as independent samples.
 */
export function compareSimulations(base: { records: GameRecord[]; program: Program }, variant: { records: GameRecord[]; program: Program }, plan: { seed: string; agents: string[] }): Comparison {
  const named = (s: { records: GameRecord[]; program: Program }) => ({ records: s.records, ruleset: rulesetName(s.program), hash: s.program.hash });
  return compareRecordSets(named(base), named(variant), plan);
}

/** The same comparison from the records alone (`rulesmith merge` has shards' records, not the rules). */
export function compareRecordSets(base: NamedRecords, variant: NamedRecords, plan: { seed: string; agents: string[] }): Comparison {
  const sb = summariseRecords(base.records, base.ruleset, base.hash);
  const sv = summariseRecords(variant.records, variant.ruleset, variant.hash);
  // A game that did not end is no result: its seed leaves the figures (both games of it, when paired).
  const all = pairsOf(base.records, variant.records);
  const pairs = all ? all.filter(([x, y]) => x.status === 'ended' && y.status === 'ended') : null;
  const b = pairs ? pairs.map(([x]) => x) : base.records.filter((r) => r.status === 'ended');
  const v = pairs ? pairs.map(([, y]) => y) : variant.records.filter((r) => r.status === 'ended');
  const kb = summariseRecords(b, base.ruleset, base.hash);
  const kv = summariseRecords(v, variant.ruleset, variant.hash);
  const left = leftOut(all, base.records.length, sb.errors.count, sv.errors.count, Math.min(b.length, v.length));
  const hasMargin = (rs: GameRecord[]) => rs.some((r) => typeof r.margin === 'number');
  const margin: Measure = (r) => (typeof r.margin === 'number' ? r.margin : undefined);
  return {
    games: base.records.length,
    design: 'paired',
    seed: plan.seed,
    agents: plan.agents,
    ...(left ? { leftOut: left } : {}),
    base: sb,
    variant: sv,
    winners: rates(kb.winners, kv.winners, b.length, v.length, pairs, winnerLabel),
    winnersDiffer: pairs ? pairs.filter(([x, y]) => winnerLabel(x) !== winnerLabel(y)).length : null,
    ...(pairs && pairs.length > 0 && pairs.every(([x, y]) => sameGame(x, y)) ? { identical: true as const } : {}),
    outcomes: rates(kb.outcomes, kv.outcomes, b.length, v.length, pairs, outcomeLabel),
    rounds: means(b, v, pairs, (r) => r.rounds),
    decisions: means(b, v, pairs, (r) => r.decisions),
    margin: hasMargin(b) || hasMargin(v) ? means(b, v, pairs, margin) : null,
    firstSeat: firstSeat(b, v, pairs),
  };
}

/** Two games of one seed that went alike, as far as a record tells: result, length and margin. */
const sameGame = (x: GameRecord, y: GameRecord): boolean =>
  x.rounds === y.rounds && x.decisions === y.decisions && (x.margin ?? null) === (y.margin ?? null) && JSON.stringify(x.result) === JSON.stringify(y.result);

/** What was left out of the figures, and the sentence that says so; undefined when every game ended. */
function leftOut(all: Pairs, games: number, base: number, variant: number, compared: number): LeftOut | undefined {
  if (base + variant === 0) return undefined;
  const enough = compared >= MIN_COMPARED;
  const s = (n: number) => (n === 1 ? '' : 's');
  if (!all) {
    const what = `games that stopped on a runtime error are left out (base ${base}, variant ${variant})`;
    const note = enough ? `Not compared: ${what}; the figures are of the games that ended.` : `The comparison could not be made: ${what}, which leaves too few games that ended to compare. No figures and no verdict: fix the runtime errors and run again.`;
    return { pairs: null, base, variant, compared, enough, note };
  }
  const pairs = games - compared;
  const where = base && variant ? `in the base (${base} game${s(base)}) or in the variant (${variant})` : base ? `in the base` : `in the variant`;
  const note = enough
    ? `${pairs} of ${games} pair${s(games)} left out of the figures: a game stopped on a runtime error ${where}; the figures are of the ${compared} pair${s(compared)} whose games both ended.`
    : `The comparison could not be made: in ${pairs} of ${games} pair${s(games)} a game stopped on a runtime error ${where}, which leaves ${compared === 0 ? 'no pair' : `only ${compared} pair${s(compared)}`} whose games both ended. No figures and no verdict: fix the runtime errors and run again.`;
  return { pairs, base, variant, compared, enough, note };
}

/**
 * How precise the winners' changes are: the widest winner interval's half-width (a share, 0..1)
 * with the games of each rule set. An interval narrows as the square root of the games, so half
 * of it takes four times as many. Undefined with no winner share or fewer than two games.
 */
export function winnersPrecision(c: Comparison): { halfWidth: number; games: number } | undefined {
  if (c.leftOut && !c.leftOut.enough) return undefined;
  const games = comparedGames(c);
  const halfWidth = Math.max(0, ...c.winners.map((w) => (w.ci95[1] - w.ci95[0]) / 2));
  return halfWidth > 0 && games >= 2 ? { halfWidth, games } : undefined;
}

/** Games of each the figures are of: all played, less those left out (`leftOut`). */
export const comparedGames = (c: Comparison): number => c.leftOut?.compared ?? c.games;

/**
 * Who wins, in one sentence (verdict.ts): what the CLI and the report print under the winners,
 * each label as `name` says it (`resultLabel`).
 * None when too few games ended under both rule sets to compare (`leftOut.note` says so instead).
 */
export function comparisonVerdict(c: Comparison, name?: (label: string) => string): Verdict | undefined {
  if (c.leftOut && !c.leftOut.enough) return undefined;
  return winnersVerdict(comparedGames(c), c.winnersDiffer, c.winners, name, c.identical === true);
}
