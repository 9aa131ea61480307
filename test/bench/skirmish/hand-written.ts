/**
 * The skirmish game of ruleset.yaml written by hand in plain TypeScript: the baseline the
 * interpreter's throughput is measured against (bench.ts), and the other half of the differential
 * test (skirmish.test.ts). It draws from the same two generators as a rulesmith game played by a
 * `RandomAgent`, in the same order, so one seed gives the same game:
 *
 * - dice: the game's generator, `seedRng(seed)` (no decks, so setup shuffles nothing), one
 *   `nextInt(6) + 1` per die, as `Runtime.die` does;
 * - answers: the agent's own generator, `seedRng(`agent:${seed}`)`, one `nextInt(options)` per
 *   question, as `RandomAgent.choose` does for `choose one`.
 *
 * Option lists are built in the order the interpreter builds them: pieces in declaration order
 * (`red_foot_1` … `blue_horse_2`), neighbours in the order the map's links name them, the legal
 * actions in `allowed:` order followed by Pass. Changing the ruleset means changing this file;
 * the differential test says where they part.
 */
import { nextInt, seedRng, type RngState } from '../../../interpreter/runtime/rng.ts';

const RED = 0;
const BLUE = 1;
const SIDES = ['red', 'blue'] as const;

const AREAS = ['red_camp', 'ford', 'hill', 'village', 'wood', 'blue_camp'] as const;
const COVER = [0, 0, 1, 1, 2, 0];
const CAMP = [0, 5];
const LINKS: Array<[number, number]> = [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [2, 3], [3, 4], [3, 5], [4, 5]];
/** Each area's neighbours in the order the links name them (both directions, as `neighbours()` lists them). */
const NEIGHBOURS: number[][] = AREAS.map(() => []);
for (const [a, b] of LINKS) {
  NEIGHBOURS[a]!.push(b);
  NEIGHBOURS[b]!.push(a);
}
const ADJACENT: boolean[][] = AREAS.map((_, a) => AREAS.map((_, b) => NEIGHBOURS[a]!.includes(b)));
/** `append(neighbours(camp(side)), camp(side))`. */
const MUSTER_AREAS = CAMP.map((c) => [...NEIGHBOURS[c]!, c]);

/** Piece types in declaration order; pieces are numbered within their type as the runtime does. */
const TYPES: Array<{ side: number; attack: number; count: number; start: number }> = [
  { side: RED, attack: 2, count: 4, start: 2 },
  { side: RED, attack: 3, count: 2, start: 1 },
  { side: BLUE, attack: 2, count: 4, start: 2 },
  { side: BLUE, attack: 3, count: 2, start: 1 },
];
const PIECE_SIDE: number[] = [];
const PIECE_ATTACK: number[] = [];
for (const t of TYPES) for (let i = 0; i < t.count; i++) { PIECE_SIDE.push(t.side); PIECE_ATTACK.push(t.attack); }
const PIECES = PIECE_SIDE.length;

const BOX = -1;
const OUT = -2;

const N = 0;
const A = 1;
const D = 2;
/** crt rows 1–6 × columns 1, 2, 3, 4, 5+. */
const CRT = [
  [A, A, A, N, N],
  [A, A, N, N, D],
  [A, N, N, D, D],
  [N, N, D, D, D],
  [N, D, D, D, D],
  [D, D, D, D, D],
];
const REINFORCEMENTS = [0, 0, 0, 1, 1, 2];
const ROUNDS = 8;
const POINTS = 3;
const ADVANCE_COST = 1;
const ATTACK_COST = 2;

export interface SkirmishResult {
  winner: 'red' | 'blue' | null;
  level: string;
  kills: number;
}

const margin = (d: number): string => (d === 0 ? 'Draw' : d <= 2 ? 'Marginal' : 'Decisive');

class Ended {
  constructor(readonly result: SkirmishResult) {}
}

/**
 * Play one game with random answers. `trace`, when given, receives one `kind:options:answer`
 * entry per question, as the differential test records the interpreter's.
 */
export function playSkirmish(seed: number, trace?: string[]): SkirmishResult {
  const dice: RngState = seedRng(seed);
  const agent: RngState = seedRng(`agent:${seed}`);
  const at = new Array<number>(PIECES).fill(BOX);
  const kills = [0, 0];
  const options: number[] = [];

  const d6 = (): number => nextInt(dice, 6) + 1;
  const ask = (n: number): number => {
    const answer = nextInt(agent, n);
    if (trace) trace.push(`one:${n}:${answer}`);
    return answer;
  };
  const place = (type: number, n: number, area: number): void => {
    let first = 0;
    for (let t = 0; t < type; t++) first += TYPES[t]!.count;
    for (let i = first; i < first + TYPES[type]!.count && n > 0; i++) if (at[i] === BOX) { at[i] = area; n--; }
  };
  const inPlay = (side: number): number => {
    let n = 0;
    for (let i = 0; i < PIECES; i++) if (at[i]! >= 0 && PIECE_SIDE[i] === side) n++;
    return n;
  };
  const hasTarget = (u: number): boolean => {
    const a = at[u]!;
    for (let e = 0; e < PIECES; e++) if (at[e]! >= 0 && PIECE_SIDE[e] !== PIECE_SIDE[u] && (at[e] === a || ADJACENT[a]![at[e]!])) return true;
    return false;
  };
  const result = (): SkirmishResult => {
    const r = inPlay(RED);
    const b = inPlay(BLUE);
    if (r > b) return { winner: 'red', level: margin(r - b), kills: kills[RED]! };
    if (b > r) return { winner: 'blue', level: margin(b - r), kills: kills[BLUE]! };
    return { winner: null, level: margin(0), kills: kills[RED]! + kills[BLUE]! };
  };

  const muster = (side: number): void => {
    for (let n = REINFORCEMENTS[d6() - 1]!; n > 0; n--) {
      let fresh = -1;
      for (let i = 0; i < PIECES; i++) if (at[i] === BOX && PIECE_SIDE[i] === side) { fresh = i; break; }
      if (fresh < 0) break;
      const areas = MUSTER_AREAS[side]!;
      at[fresh] = areas[ask(areas.length)]!;
    }
  };

  const fight = (attacker: number, defender: number): void => {
    const side = PIECE_SIDE[attacker]!;
    let support = 0;
    for (let i = 0; i < PIECES; i++) if (i !== attacker && at[i] === at[attacker] && PIECE_SIDE[i] === side) support++;
    const column = Math.max(0, Math.min(5, PIECE_ATTACK[attacker]! + support) - 1 - COVER[at[defender]!]!);
    const r = CRT[d6() - 1]![column]!;
    if (r === D) { at[defender] = OUT; kills[side]!++; }
    else if (r === A) { at[attacker] = OUT; kills[1 - side]!++; }
  };

  const orders = (side: number): void => {
    let points = POINTS;
    for (;;) {
      // The legal actions, then Pass; an action is legal when its cost fits and its first choice has options.
      const canAdvance = ADVANCE_COST <= points && inPlay(side) > 0;
      let canAttack = false;
      if (ATTACK_COST <= points) for (let u = 0; u < PIECES && !canAttack; u++) canAttack = at[u]! >= 0 && PIECE_SIDE[u] === side && hasTarget(u);
      if (!canAdvance && !canAttack) return;
      const legal = (canAdvance ? 1 : 0) + (canAttack ? 1 : 0);
      const pick = ask(legal + 1);
      if (pick === legal) return;
      options.length = 0;
      if (canAdvance && pick === 0) {
        for (let u = 0; u < PIECES; u++) if (at[u]! >= 0 && PIECE_SIDE[u] === side) options.push(u);
        const unit = options[ask(options.length)]!;
        const dests = NEIGHBOURS[at[unit]!]!;
        at[unit] = dests[ask(dests.length)]!;
        points -= ADVANCE_COST;
      } else {
        for (let u = 0; u < PIECES; u++) if (at[u]! >= 0 && PIECE_SIDE[u] === side && hasTarget(u)) options.push(u);
        const unit = options[ask(options.length)]!;
        options.length = 0;
        const a = at[unit]!;
        for (let e = 0; e < PIECES; e++) if (at[e]! >= 0 && PIECE_SIDE[e] !== side && (at[e] === a || ADJACENT[a]![at[e]!])) options.push(e);
        fight(unit, options[ask(options.length)]!);
        points -= ATTACK_COST;
      }
      if (inPlay(RED) === 0 || inPlay(BLUE) === 0) throw new Ended(result());
    }
  };

  place(0, 2, CAMP[RED]!);
  place(1, 1, CAMP[RED]!);
  place(2, 2, CAMP[BLUE]!);
  place(3, 1, CAMP[BLUE]!);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (let side = 0; side < SIDES.length; side++) muster(side);
      for (let side = 0; side < SIDES.length; side++) orders(side);
    }
  } catch (e) {
    if (e instanceof Ended) return e.result;
    throw e;
  }
  return result();
}
