/**
 * The one random generator of a game: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator,
 * 128-bit state). Chosen over a dependency because its whole state is four 32-bit integers that
 * live in the JSON game state, it is fast, passes PractRand to large sizes, and gives identical
 * sequences in Node and browsers (only 32-bit integer arithmetic).
 */
export type RngState = [number, number, number, number];

/** Seed from any string or number (same seed → same game). */
export function seedRng(seed: string | number): RngState {
  // cyrb128-style mixing spreads even short seeds ("1", "2") over the whole state.
  const text = String(seed);
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const state: RngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 15; i++) nextUint32(state); // warm up
  return state;
}

/** Next 32-bit unsigned integer; advances `s` in place. */
export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) >>> 0) + s[3]) >>> 0;
  s[3] = (s[3] + 1) >>> 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) >>> 0;
  s[2] = ((s[2] << 21) | (s[2] >>> 11)) >>> 0;
  s[2] = (s[2] + t) >>> 0;
  return t;
}

/** Uniform integer in [0, n) without modulo bias (rejection sampling). */
export function nextInt(s: RngState, n: number): number {
  if (n <= 1) return 0;
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    const x = nextUint32(s);
    if (x < limit) return x % n;
  }
}

/** Fisher–Yates shuffle, in place, with the game's generator. */
export function shuffleInPlace<T>(s: RngState, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = nextInt(s, i + 1);
    const tmp = list[i]!;
    list[i] = list[j]!;
    list[j] = tmp;
  }
  return list;
}
