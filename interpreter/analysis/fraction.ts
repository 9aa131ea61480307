/** Exact rationals with BigInt, always reduced; enough for dice probabilities. */
export class Fraction {
  static readonly ZERO = new Fraction(0n, 1n);
  static readonly ONE = new Fraction(1n, 1n);
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint, d: bigint) {
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n < 0n ? -n : n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }

  /** Exact for integers and finite decimals (table values such as 0.5). */
  static fromNumber(x: number): Fraction {
    if (Number.isInteger(x)) return new Fraction(BigInt(x), 1n);
    const digits = Math.min(12, (String(x).split('.')[1] ?? '').length);
    const scale = 10n ** BigInt(digits);
    return new Fraction(BigInt(Math.round(x * Number(scale))), scale);
  }

  plus(o: Fraction): Fraction { return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d); }
  times(o: Fraction): Fraction { return new Fraction(this.n * o.n, this.d * o.d); }
  toNumber(): number { return Number(this.n) / Number(this.d); }
  toString(): string { return this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`; }
}

export function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}
