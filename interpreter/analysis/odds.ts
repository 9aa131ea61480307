import { parseBand } from '../tables/bands.ts';
import { nextInt, seedRng } from '../runtime/rng.ts';
import { RuleError } from '../runtime/errors.ts';
import type { Program } from '../runtime/program.ts';
import type { TableTrace } from '../runtime/tables.ts';
import type { GameSetup } from '../runtime/init.ts';
import { tidyNumber, toNumber, toText } from '../runtime/values.ts';
import { Fraction } from './fraction.ts';
import { MAX_WORK, MUTATES, ORDER_READ, OddsEvaluator, type OddsError } from './odds-eval.ts';
import { dicePool } from './odds-pools.ts';
import { cardOutcomes } from './odds-cards.ts';

export { MAX_WORK, type OddsError } from './odds-eval.ts';

export interface Outcome {
  value: unknown;
  /** Exact probability as "n/d". */
  p: string;
  /** The same as a decimal. */
  decimal: number;
}

export interface Distribution {
  outcomes: Outcome[];
  mean?: number;
  meanExact?: string;
  /** Present when the probabilities are sample frequencies (`estimateOdds`), not exact. */
  estimate?: { samples: number; seed: string };
  /** What the answer assumed, in words (how a pile of cards was drawn from: odds-cards.ts). */
  notes?: string[];
}

/** Dice combinations enumerated at most (besides the work bound of odds-eval.ts). */
export const MAX_PATHS = 200_000;
/** Samples of an estimate, unless their work passes MAX_WORK first. */
export const ESTIMATE_SAMPLES = 10_000;

/**
 * The exact distribution of an expression's values over all its dice outcomes and the cards it
 * draws from shuffled piles (odds-cards.ts). The expression is evaluated once per path through the
 * dice it rolls and the kinds of card it draws (depth-first, like an odometer), so conditional
 * rolls ("roll again on a 6") and draws without replacement need no algebra on the expression.
 * Past MAX_PATHS paths or MAX_WORK work it stops with `tooLarge`, in about a second at most.
 */
export function exactOdds(program: Program, text: string, setup: GameSetup = { seed: 'odds' }, watch?: PathTrace): Distribution | OddsError {
  let work = 0;
  // Like dice first as multisets (odds-pools.ts), then die by die if the expression reads their
  // order; each first on the frozen state, then with copies if it changes the state.
  for (let pooled = true, frozen = true; ; ) {
    const result = enumerate(program, text, setup, { frozen, pooled }, work, watch);
    if (!('restart' in result)) return result;
    work = result.work;
    if (result.restart === 'order' && pooled) pooled = false;
    else if (result.restart === 'mutates' && frozen) frozen = false;
    else return { error: 'internal: the enumeration could not settle on how to run the expression' };
  }
}

/**
 * Watches each path of the enumeration (the odds breakdown): `trace` is told of its lookups and
 * rolls as they happen, `path` of the value and weight at its end; `reset` when it starts over.
 */
export interface PathTrace {
  trace: TableTrace;
  path(value: unknown, weight: Fraction): void;
  reset(): void;
}

/** How many ways each choice of a chance has, and their sum (a die's are all 1: no Weighing). */
interface Weighing {
  of: (choice: number) => bigint;
  total: bigint;
}

/** Why an enumeration must start over: the frozen state needs copies, or a pool's order was read. */
type Restart = { restart: 'mutates' | 'order'; work: number };

/** The odometer; says so when it must start over another way, with the work done so far. */
function enumerate(program: Program, text: string, setup: GameSetup, mode: { frozen: boolean; pooled: boolean }, workBefore: number, watch?: PathTrace): Distribution | OddsError | Restart {
  // Per chance met on the path: the choice taken (from 1), how many there are, and for a card drawn
  // or a pool of dice how many ways each choice has.
  const path: number[] = [];
  const sides: number[] = [];
  const weights: Array<Weighing | undefined> = [];
  let depth = 0;
  const next = (n: number, w?: Weighing): number => {
    if (depth < path.length) return path[depth++]!;
    path.push(1);
    sides.push(n);
    weights.push(w);
    depth++;
    return 1;
  };
  let cards = false;
  const pick = (w: readonly number[]): number => {
    cards = true;
    return next(w.length, { of: (i) => BigInt(w[i]!), total: BigInt(w.reduce((a, b) => a + b, 0)) }) - 1;
  };
  // A pool with more outcomes than paths allowed is left to the dice, which stop at the same bound.
  const pool = (count: number, n: number): number[] | undefined => {
    const p = dicePool(count, n, MAX_PATHS);
    return p && [...p.outcomes[next(p.outcomes.length, { of: (i) => p.weights[i]!, total: p.total }) - 1]!];
  };
  const evaluator = OddsEvaluator.create(program, text, setup, { die: (n) => next(n), pick, ...(mode.pooled ? { pool } : {}) }, mode.frozen, watch?.trace);
  if ('error' in evaluator) return evaluator;
  evaluator.work = workBefore;
  watch?.reset();
  const totals = new Map<string, { value: unknown; p: Fraction }>();
  for (let paths = 0; ; paths++) {
    if (paths >= MAX_PATHS || evaluator.tooMuch) {
      return { error: `Too many ${cards ? 'combinations of dice and cards drawn' : 'dice combinations'} to enumerate exactly (the bounds are ${MAX_PATHS.toLocaleString('en-US')} combinations and ${MAX_WORK.toLocaleString('en-US')} units of work, about a second); narrow the expression.`, tooLarge: true };
    }
    depth = 0;
    const got = evaluator.run();
    if (got === MUTATES) return { restart: 'mutates', work: evaluator.work };
    if (got === ORDER_READ) return { restart: 'order', work: evaluator.work };
    if (got instanceof RuleError) return { error: `${got.code}: ${got.message}` };
    const value = tidy(got);
    path.length = depth;
    sides.length = depth;
    weights.length = depth;
    // One BigInt product per path: a fraction per die would reduce huge numbers a thousand times.
    let n = 1n;
    let d = 1n;
    for (let i = 0; i < depth; i++) {
      const w = weights[i];
      if (w) { n *= w.of(path[i]! - 1); d *= w.total; } else d *= BigInt(sides[i]!);
    }
    const weight = new Fraction(n, d);
    const key = JSON.stringify(value);
    const prior = totals.get(key);
    totals.set(key, { value, p: prior ? prior.p.plus(weight) : weight });
    watch?.path(value, weight);
    // Advance the odometer: bump the deepest die that can still go up, drop the ones after it.
    let i = path.length - 1;
    while (i >= 0 && path[i] === sides[i]) i--;
    if (i < 0) break;
    path[i]! += 1;
    path.length = i + 1;
    sides.length = i + 1;
    weights.length = i + 1;
  }
  return withNotes(summarise([...totals.values()], legendOrder(program, text)), evaluator.notes);
}

const withNotes = (d: Distribution, notes: readonly string[]): Distribution => (notes.length ? { ...d, notes: [...notes] } : d);

/** A number as the rules compare and print it (values.ts, tidyNumber): `1d6 * 1.1` gives 3.3, not 3.3000000000000003. */
const tidy = <T>(value: T): T => (typeof value === 'number' ? (tidyNumber(value) as T) : value);

/**
 * A Monte Carlo estimate of the same distribution, for expressions too large to enumerate: the
 * dice come from a generator seeded with the setup's seed, so the estimate is the same every run.
 * Probabilities are sample frequencies, labelled by `estimate` (never to be read as exact).
 */
export function estimateOdds(program: Program, text: string, setup: GameSetup = { seed: 'odds' }): Distribution | OddsError {
  for (const frozen of [true, false]) {
    const rng = seedRng(`${setup.seed}:estimate`);
    const pick = (w: readonly number[]) => {
      let r = nextInt(rng, w.reduce((a, b) => a + b, 0));
      let i = 0;
      while (r >= w[i]!) r -= w[i++]!;
      return i;
    };
    const evaluator = OddsEvaluator.create(program, text, setup, { die: (n) => nextInt(rng, n) + 1, pick }, frozen);
    if ('error' in evaluator) return evaluator;
    const counts = new Map<string, { value: unknown; n: number }>();
    let samples = 0;
    let mutates = false;
    while (samples < ESTIMATE_SAMPLES && !evaluator.tooMuch) {
      const got = evaluator.run();
      if (got === MUTATES) { mutates = true; break; }
      if (got instanceof RuleError) return { error: `${got.code}: ${got.message}` };
      const value = tidy(got);
      samples++;
      const key = JSON.stringify(value);
      const prior = counts.get(key);
      counts.set(key, { value, n: (prior?.n ?? 0) + 1 });
    }
    if (mutates) continue;
    const list = [...counts.values()].map(({ value, n }) => ({ value, p: new Fraction(BigInt(n), BigInt(samples)) }));
    // No exact mean: a fraction of sample counts would look exact.
    const { outcomes, mean } = summarise(list, legendOrder(program, text));
    return withNotes({ outcomes, ...(mean !== undefined ? { mean } : {}), estimate: { samples, seed: String(setup.seed) } }, evaluator.notes);
  }
  return { error: 'internal: the expression changed the state it was evaluated on' };
}

/**
 * Where each result code stands in the `results:` legends of the ruleset's tables, in the order
 * they are declared (a CRT's N, VM, A, X: usually mildest to harshest), the first legend naming a
 * code deciding: the legends of the tables the expression names first (a walk's table listed its
 * codes `working, jammed`, but an earlier table's legend put `jammed` first). Text outcomes are
 * listed in that order, so every column of a table lists its results alike; texts no legend names
 * come after, in text order.
 */
function legendOrder(program: Program, text = ''): Map<string, number> {
  const order = new Map<string, number>();
  const named = (id: string) => new RegExp(`(^|[^\\w])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\w]|$)`).test(text);
  const tables = Object.entries(program.data.tables ?? {});
  for (const [, table] of [...tables.filter(([id]) => named(id)), ...tables.filter(([id]) => !named(id))]) {
    for (const code of Object.keys(table.results ?? {})) if (!order.has(code)) order.set(code, order.size);
  }
  // Rows that are records (a Random Events row with its name and effect) in the order the table
  // lists them, so `odds events` reads down the table as printed rather than A to Z.
  // (Numeric bands by where they start: an object lists `2`, `3`, `11` before `4-5`.)
  const start = (label: string) => { const b = parseBand(label); return b.kind === 'range' ? b.from : Infinity; };
  for (const table of Object.values(program.data.tables ?? {})) {
    const rows = Object.entries((table.rows ?? {}) as Record<string, unknown>).sort(([a], [b]) => start(a) - start(b));
    for (const [, row] of rows) {
      const key = row !== null && typeof row === 'object' && !Array.isArray(row) ? JSON.stringify(row) : undefined;
      if (key !== undefined && !order.has(key)) order.set(key, order.size);
    }
  }
  // Cards drawn in the order their decks list them (Silver, Gold, Caravan as printed), not A to Z.
  for (const card of cardOutcomes(program)) {
    const key = JSON.stringify(card);
    if (!order.has(key)) order.set(key, order.size);
  }
  return order;
}

function summarise(list: Array<{ value: unknown; p: Fraction }>, legend: ReadonlyMap<string, number>): Distribution {
  list.sort((a, b) => byLegend(a.value, b.value, legend) || compare(a.value, b.value));
  const outcomes = list.map(({ value, p }) => ({ value, p: p.toString(), decimal: p.toNumber() }));
  const numeric = list.every((o) => typeof o.value === 'number' || toNumber(o.value as never) !== undefined);
  if (!numeric) return { outcomes };
  const mean = list.reduce((acc, o) => acc.plus(o.p.times(Fraction.fromNumber(o.value as number))), Fraction.ZERO);
  return { outcomes, mean: mean.toNumber(), meanExact: mean.toString() };
}

function byLegend(a: unknown, b: unknown, legend: ReadonlyMap<string, number>): number {
  // Lists (several cards drawn) item by item, the shorter first when one begins the other.
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const c = byLegend(a[i], b[i], legend) || compare(a[i], b[i]);
      if (c) return c;
    }
    return a.length - b.length;
  }
  const rank = (v: unknown) => (typeof v === 'string' ? legend.get(v) : v !== null && typeof v === 'object' && !Array.isArray(v) ? legend.get(JSON.stringify(v)) : undefined);
  const x = rank(a);
  const y = rank(b);
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
  return x - y;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = toText(a as never);
  const y = toText(b as never);
  return x < y ? -1 : x > y ? 1 : 0;
}
