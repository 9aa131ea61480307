/**
 * What a copy of a game costs against one decision step (an answer, and the rules running to the
 * next question), early and late in a game: search bots fork thousands of times per move, so a
 * fork must cost what the state weighs, not how long the game has run.
 */
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { Game, type Program } from '../../interpreter/runtime/index.ts';

export const FORK_GOAL = 20;
const COPIES = 200;
/** Decisions answered after each fork: one decision's cost varies a lot, so steps are averaged. */
export const STEPS = 10;

export interface ForkBlocks {
  decision: number;
  /** Blocks for `alternate`: COPIES forks; COPIES forks, each then answered STEPS times. */
  fork: (round: number) => void;
  forkAndStep: (round: number) => void;
  copies: number;
}

/** A game of `program` waiting at decision `at` (the first seed whose game lasts that long). */
function gameAt(program: Program, at: number): Game {
  for (let seed = 1; seed < 200; seed++) {
    const g = Game.start(program, { seed: `fork-bench:${seed}` }, { log: 'none' });
    if (!(g instanceof Game)) throw new Error('setup refused');
    const agent = new RandomAgent(seed);
    for (let i = 0; i < at && g.pending; i++) g.answer(agent.choose(g.pending));
    // Room for the steps timed after each fork.
    const probe = g.fork();
    for (let k = 0; k < STEPS && probe.pending; k++) probe.answer(agent.choose(probe.pending));
    if (g.pending && g.state.decisions.length === at && probe.pending) return g;
  }
  throw new Error(`no game reached decision ${at}`);
}

export function forkBlocks(program: Program, at: number): ForkBlocks {
  const base = gameAt(program, at);
  const agent = new RandomAgent('fork-bench');
  return {
    decision: at,
    copies: COPIES,
    fork: () => { for (let i = 0; i < COPIES; i++) base.fork(); },
    forkAndStep: () => {
      for (let i = 0; i < COPIES; i++) {
        const g = base.fork();
        for (let k = 0; k < STEPS && g.pending; k++) g.answer(agent.choose(g.pending));
      }
    },
  };
}
