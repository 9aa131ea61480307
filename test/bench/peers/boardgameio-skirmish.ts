/**
 * The skirmish of ../skirmish/ruleset.yaml as a boardgame.io user writes it, the peer the bench
 * compares rulesmith with: a `Game` object (setup, a muster and an orders phase each going once
 * round the players, moves that refuse illegal arguments with `INVALID_MOVE`, `ai.enumerate`
 * listing the legal moves, `endIf`), played headless through the vanilla `Client` the way
 * boardgame.io's testing guide drives a game: a game object per scenario (`{ ...game, setup }`),
 * `client.moves.*`, `client.events.endTurn()`, `client.getState()`. Default options (undo history
 * and the client's log kept, as a user who does not tune them gets).
 *
 * One seed plays the same game as rulesmith and the hand-written twin (the test compares every
 * question, answer and result), so throughputs compare over identical games:
 * - dice come from a generator kept in G (`G.dice`, the sfc32 of `interpreter/runtime/rng.ts`
 *   seeded with the game's seed) rather than from `random.D6()`, whose alea generator would roll
 *   other numbers. boardgame.io's random plugin still runs on every action as in every
 *   boardgame.io game (and is seeded, so runs repeat); only the generator called differs;
 * - the player is a random one choosing as rulesmith's `RandomAgent` answers the same questions:
 *   from `enumerate`'s legal moves it picks the kind of move (in `allowed:` order, then Pass)
 *   when there is more than one, then each argument in turn, each uniformly from its own
 *   generator (`seedRng(`agent:${seed}`)`). A user's bot would more often pick uniformly from the
 *   flat list (boardgame.io's `RandomBot`); that plays other games, not faster ones.
 *
 * Driving boardgame.io's reducer directly (`InitializeGame` + `CreateGameReducer` from
 * 'boardgame.io/internal', as its MCTSBot's playouts do) skips the Client's store, middleware and
 * log: measured once on the bench machine, 15–30% less time per game than this path. That is
 * internal API, so the bench's peer is the Client; the ratio to the reducer alone would be that
 * much lower.
 *
 * Pieces are numbered in declaration order (`red_foot_1` … `blue_horse_2`) and option lists are
 * built in the interpreter's order, as in hand-written.ts.
 */
import { Client } from 'boardgame.io/client';
import { INVALID_MOVE, TurnOrder } from 'boardgame.io/core';
import type { Ctx, Game } from 'boardgame.io';
import { nextInt, seedRng, type RngState } from '../../../interpreter/runtime/rng.ts';
import type { SkirmishResult } from '../skirmish/hand-written.ts';

const RED = 0;
const BLUE = 1;
const CAMP = [0, 5];
/** Areas red_camp, ford, hill, village, wood, blue_camp, linked as the ruleset's map. */
const COVER = [0, 0, 1, 1, 2, 0];
const LINKS: Array<[number, number]> = [[0, 1], [0, 2], [1, 2], [1, 3], [2, 4], [2, 3], [3, 4], [3, 5], [4, 5]];
const NEIGHBOURS: number[][] = COVER.map(() => []);
for (const [a, b] of LINKS) {
  NEIGHBOURS[a]!.push(b);
  NEIGHBOURS[b]!.push(a);
}
const MUSTER_AREAS = CAMP.map((c) => [...NEIGHBOURS[c]!, c]);

/** Per piece: side and attack (4 foot, 2 horse a side); the first 2 foot and 1 horse start in camp. */
const SIDE = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
const ATTACK = [2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 3, 3];
const START_IN_CAMP = [0, 1, 4, 6, 7, 10];
const BOX = -1;
const OUT = -2;

/** crt rows 1–6 × columns 1, 2, 3, 4, 5+: N(o effect), A(ttacker eliminated), D(efender eliminated). */
const CRT = ['AAANN', 'AANND', 'ANNDD', 'NNDDD', 'NDDDD', 'DDDDD'];
const REINFORCEMENTS = [0, 0, 0, 1, 1, 2];
const ROUNDS = 8;
const POINTS = 3;
const ADVANCE_COST = 1;
const ATTACK_COST = 2;

export interface SkirmishG {
  /** Each piece's area, or BOX (not yet placed) or OUT (eliminated). */
  at: number[];
  kills: number[];
  round: number;
  /** Reinforcements the side mustering may still place this turn. */
  toPlace: number;
  /** Action points left to the side giving orders. */
  points: number;
  dice: RngState;
}

const d6 = (G: SkirmishG): number => nextInt(G.dice, 6) + 1;
const sideOf = (ctx: Ctx): number => Number(ctx.currentPlayer);
const inPlay = (G: SkirmishG, side: number): number => G.at.filter((a, i) => a >= 0 && SIDE[i] === side).length;
const inReach = (G: SkirmishG, u: number, e: number): boolean => {
  const a = G.at[u]!;
  const b = G.at[e]!;
  return b >= 0 && SIDE[e] !== SIDE[u] && (a === b || NEIGHBOURS[a]!.includes(b));
};
const targets = (G: SkirmishG, u: number): number[] => G.at.map((_, e) => e).filter((e) => inReach(G, u, e));
const ownUnits = (G: SkirmishG, side: number): number[] => G.at.map((_, u) => u).filter((u) => G.at[u]! >= 0 && SIDE[u] === side);
const canAct = (G: SkirmishG, side: number): boolean =>
  (G.points >= ADVANCE_COST && ownUnits(G, side).length > 0) || (G.points >= ATTACK_COST && ownUnits(G, side).some((u) => targets(G, u).length > 0));

function result(G: SkirmishG): SkirmishResult {
  const r = inPlay(G, RED);
  const b = inPlay(G, BLUE);
  const margin = (d: number): string => (d === 0 ? 'Draw' : d <= 2 ? 'Marginal' : 'Decisive');
  if (r > b) return { winner: 'red', level: margin(r - b), kills: G.kills[RED]! };
  if (b > r) return { winner: 'blue', level: margin(b - r), kills: G.kills[BLUE]! };
  return { winner: null, level: margin(0), kills: G.kills[RED]! + G.kills[BLUE]! };
}

function fight(G: SkirmishG, attacker: number, defender: number): void {
  const side = SIDE[attacker]!;
  const support = G.at.filter((a, i) => i !== attacker && a === G.at[attacker] && SIDE[i] === side).length;
  const column = Math.max(0, Math.min(5, ATTACK[attacker]! + support) - 1 - COVER[G.at[defender]!]!);
  const r = CRT[d6(G) - 1]![column];
  if (r === 'D') {
    G.at[defender] = OUT;
    G.kills[side]!++;
  } else if (r === 'A') {
    G.at[attacker] = OUT;
    G.kills[1 - side]!++;
  }
}


/** The game as a boardgame.io user declares it (its setup leaves `dice` to be seeded per game). */
export const skirmish: Game<SkirmishG> = {
  name: 'skirmish',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => {
    const at = SIDE.map(() => BOX);
    for (const p of START_IN_CAMP) at[p] = CAMP[SIDE[p]!]!;
    return { at, kills: [0, 0], round: 1, toPlace: 0, points: 0, dice: seedRng(0) };
  },
  phases: {
    muster: {
      start: true,
      next: 'orders',
      turn: {
        order: TurnOrder.ONCE,
        onBegin: ({ G, ctx, events }) => {
          const side = sideOf(ctx);
          const waiting = G.at.filter((a, i) => a === BOX && SIDE[i] === side).length;
          G.toPlace = Math.min(REINFORCEMENTS[d6(G) - 1]!, waiting);
          if (G.toPlace === 0) events.endTurn();
        },
        endIf: ({ G }) => G.toPlace === 0,
      },
      moves: {
        reinforce: ({ G, ctx }, area: number) => {
          const side = sideOf(ctx);
          const fresh = G.at.findIndex((a, i) => a === BOX && SIDE[i] === side);
          if (G.toPlace <= 0 || fresh < 0 || !MUSTER_AREAS[side]!.includes(area)) return INVALID_MOVE;
          G.at[fresh] = area;
          G.toPlace--;
        },
      },
    },
    orders: {
      next: 'muster',
      onEnd: ({ G }) => {
        G.round++;
      },
      turn: {
        order: TurnOrder.ONCE,
        onBegin: ({ G }) => {
          G.points = POINTS;
        },
        endIf: ({ G, ctx }) => !canAct(G, sideOf(ctx)),
      },
      moves: {
        advance: ({ G, ctx }, unit: number, dest: number) => {
          const a = G.at[unit];
          if (G.points < ADVANCE_COST || a === undefined || a < 0 || SIDE[unit] !== sideOf(ctx) || !NEIGHBOURS[a]!.includes(dest)) return INVALID_MOVE;
          G.at[unit] = dest;
          G.points -= ADVANCE_COST;
        },
        attack: ({ G, ctx }, unit: number, target: number) => {
          const a = G.at[unit];
          if (G.points < ATTACK_COST || a === undefined || a < 0 || SIDE[unit] !== sideOf(ctx) || !inReach(G, unit, target)) return INVALID_MOVE;
          fight(G, unit, target);
          G.points -= ATTACK_COST;
        },
      },
    },
  },
  // `check: action` in the ruleset: muster only adds units, so checking after every update is the same.
  endIf: ({ G }) => (inPlay(G, RED) === 0 || inPlay(G, BLUE) === 0 || G.round > ROUNDS ? result(G) : undefined),
  ai: {
    enumerate: (G, ctx) => {
      const side = sideOf(ctx);
      if (ctx.phase === 'muster') return MUSTER_AREAS[side]!.map((area) => ({ move: 'reinforce', args: [area] }));
      const moves: Array<{ move: string; args: number[] } | { event: string }> = [];
      if (G.points >= ADVANCE_COST) for (const u of ownUnits(G, side)) for (const d of NEIGHBOURS[G.at[u]!]!) moves.push({ move: 'advance', args: [u, d] });
      if (G.points >= ATTACK_COST) for (const u of ownUnits(G, side)) for (const e of targets(G, u)) moves.push({ move: 'attack', args: [u, e] });
      moves.push({ event: 'endTurn' });
      return moves;
    },
  },
};

/** Legal moves as `enumerate` lists them: a move with its arguments, or an event (Pass). */
type Listed = { move: string; args: number[] } | { event: string };

/** Choices are bounded: eight rounds of at most a few dozen each. */
const MAX_UPDATES = 10_000;

/**
 * Play one game with the random player. `trace`, when given, receives one `one:options:answer`
 * entry per question, as hand-written.ts and the differential test record them.
 */
export function playBoardgameIo(seed: number, trace?: string[]): SkirmishResult {
  const game: Game<SkirmishG> = { ...skirmish, seed, setup: (context) => ({ ...skirmish.setup!(context), dice: seedRng(seed) }) };
  const client = Client({ game, numPlayers: 2 });
  const agent = seedRng(`agent:${seed}`);
  const ask = (n: number): number => {
    const answer = nextInt(agent, n);
    if (trace) trace.push(`one:${n}:${answer}`);
    return answer;
  };
  for (let update = 0; update < MAX_UPDATES; update++) {
    const state = client.getState()!;
    if (state.ctx.gameover !== undefined) return state.ctx.gameover as SkirmishResult;
    let legal = skirmish.ai!.enumerate(state.G, state.ctx, state.ctx.currentPlayer) as Listed[];
    const kinds = [...new Set(legal.map((m) => ('move' in m ? m.move : m.event)))];
    if (kinds.length > 1) {
      const kind = kinds[ask(kinds.length)];
      legal = legal.filter((m) => ('move' in m ? m.move : m.event) === kind);
    }
    const first = legal[0]!;
    if ('event' in first) {
      client.events.endTurn!();
    } else {
      const args: number[] = [];
      for (let k = 0; k < first.args.length; k++) {
        const values = [...new Set(legal.map((m) => (m as { args: number[] }).args[k]!))];
        args.push(values[ask(values.length)]!);
        legal = legal.filter((m) => (m as { args: number[] }).args[k] === args[k]);
      }
      client.moves[first.move]!(...args);
    }
    // A refused move or event leaves the state as it was; a game that stalls is a broken peer.
    if (client.getState()!._stateID === state._stateID) throw new Error(`seed ${seed}: boardgame.io refused ${JSON.stringify(first)}`);
  }
  throw new Error(`seed ${seed}: no end after ${MAX_UPDATES} updates`);
}
