import { compileStandalone, type Program } from '../compile/index.ts';
import { RuleError } from '../runtime/errors.ts';
import { initialState, type GameSetup } from '../runtime/init.ts';
import { DEFAULT_RUNTIME_OPTIONS, Runtime } from '../runtime/runtime.ts';
import { toJson, toNumber, toText } from '../runtime/values.ts';
import { Fraction } from './fraction.ts';

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
}

/** Beyond this many dice paths the distribution is refused rather than computed slowly. */
export const MAX_PATHS = 2_000_000;

/**
 * The exact distribution of an expression's values over all its dice outcomes. The expression is
 * evaluated once per path through the dice it rolls (depth-first, like an odometer), so
 * conditional rolls ("roll again on a 6") are handled without any algebra on the expression.
 */
export function exactOdds(program: Program, text: string, setup: GameSetup = { seed: 'odds' }): Distribution | { error: string } {
  const compiled = compileStandalone(program, text);
  if (!compiled.eval) return { error: compiled.error ?? 'cannot compile' };
  const state = initialState(program, setup);
  const path: number[] = [];
  const sides: number[] = [];
  let depth = 0;
  const rt = new Runtime(program, state, {
    ...DEFAULT_RUNTIME_OPTIONS,
    log: 'none',
    dieSource: (n) => {
      if (depth < path.length) return path[depth++]!;
      path.push(1);
      sides.push(n);
      depth++;
      return 1;
    },
  });
  const totals = new Map<string, { value: unknown; p: Fraction }>();
  for (let paths = 0; ; paths++) {
    if (paths >= MAX_PATHS) return { error: `More than ${MAX_PATHS} dice combinations; narrow the expression.` };
    depth = 0;
    const snapshot = JSON.stringify(state);
    let value: unknown;
    try {
      value = toJson(compiled.eval(rt.frame({ slots: compiled.slots }, null, null, -1)));
    } catch (e) {
      if (e instanceof RuleError) return { error: `${e.code}: ${e.message}` };
      throw e;
    }
    // Lookups must not change the state between paths (a draw would); restore it regardless.
    Object.assign(state, JSON.parse(snapshot));
    path.length = depth;
    sides.length = depth;
    const weight = sides.reduce((f, n) => f.times(new Fraction(1n, BigInt(n))), Fraction.ONE);
    const key = JSON.stringify(value);
    const prior = totals.get(key);
    totals.set(key, { value, p: prior ? prior.p.plus(weight) : weight });
    // Advance the odometer: bump the deepest die that can still go up, drop the ones after it.
    let i = path.length - 1;
    while (i >= 0 && path[i] === sides[i]) i--;
    if (i < 0) break;
    path[i]! += 1;
    path.length = i + 1;
    sides.length = i + 1;
  }
  return summarise([...totals.values()]);
}

function summarise(list: Array<{ value: unknown; p: Fraction }>): Distribution {
  list.sort((a, b) => compare(a.value, b.value));
  const outcomes = list.map(({ value, p }) => ({ value, p: p.toString(), decimal: p.toNumber() }));
  const numeric = list.every((o) => typeof o.value === 'number' || toNumber(o.value as never) !== undefined);
  if (!numeric) return { outcomes };
  const mean = list.reduce((acc, o) => acc.plus(o.p.times(Fraction.fromNumber(o.value as number))), Fraction.ZERO);
  return { outcomes, mean: mean.toNumber(), meanExact: mean.toString() };
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = toText(a as never);
  const y = toText(b as never);
  return x < y ? -1 : x > y ? 1 : 0;
}
