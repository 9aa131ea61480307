/**
 * Exact outcome distributions of simple rolls, as integer weights (count of equally likely dice
 * combinations). Used by the checker for table coverage and by `odds` for exact probabilities.
 */
export type DieShape =
  | { kind: 'sides'; sides: number }
  | { kind: 'd66' }
  /** A custom die: its face values (non-numeric faces make sums impossible). */
  | { kind: 'faces'; faces: Array<number | string> };

export interface RollShape {
  count: number;
  die: DieShape;
}

/** Weighted outcomes: value → number of equally likely ways. */
export type Weights = Map<number | string, number>;

/** Largest number of dice enumerated exactly; beyond it the domain is reported as unknown. */
export const MAX_EXACT_DICE = 12;

export function rollWeights(shape: RollShape): Weights | undefined {
  if (!Number.isInteger(shape.count) || shape.count < 1 || shape.count > MAX_EXACT_DICE) return undefined;
  const single = singleDieWeights(shape.die);
  if (!single) return undefined;
  if (shape.count === 1) return single;
  if (shape.die.kind === 'd66') return undefined; // several d66 rolls do not sum meaningfully
  for (const v of single.keys()) if (typeof v !== 'number') return undefined;
  let acc: Weights = single;
  for (let i = 1; i < shape.count; i++) acc = convolve(acc, single);
  return acc;
}

function singleDieWeights(die: DieShape): Weights | undefined {
  const w: Weights = new Map();
  switch (die.kind) {
    case 'sides':
      if (!Number.isInteger(die.sides) || die.sides < 1 || die.sides > 1000) return undefined;
      for (let v = 1; v <= die.sides; v++) w.set(v, 1);
      return w;
    case 'd66':
      for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) w.set(t * 10 + u, 1);
      return w;
    case 'faces':
      if (die.faces.length === 0) return undefined;
      for (const f of die.faces) w.set(f, (w.get(f) ?? 0) + 1);
      return w;
  }
}

function convolve(a: Weights, b: Weights): Weights {
  const out: Weights = new Map();
  for (const [va, wa] of a) {
    for (const [vb, wb] of b) {
      const v = (va as number) + (vb as number);
      out.set(v, (out.get(v) ?? 0) + wa * wb);
    }
  }
  return new Map([...out].sort((x, y) => (x[0] as number) - (y[0] as number)));
}
