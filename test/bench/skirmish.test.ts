import { describe, expect, test } from 'vitest';
import { RandomAgent, playWith, type Agent } from '../../interpreter/agents/index.ts';
import type { Answer, DecisionRequest } from '../../interpreter/runtime/decisions.ts';
import { loadProgram } from '../helpers/ruleset.ts';
import { playSkirmish } from './skirmish/hand-written.ts';

const SEEDS = 1000;

/** A random agent that notes each question's kind and size and the answer it gave. */
class TracingAgent implements Agent {
  readonly name = 'tracing';
  private readonly inner: RandomAgent;
  constructor(seed: number, readonly trace: string[]) {
    this.inner = new RandomAgent(seed);
  }

  choose(req: DecisionRequest): Answer {
    const answer = this.inner.choose(req);
    const size = req.kind === 'number' ? `${req.min}..${req.max}` : String(req.options.length);
    this.trace.push(`${req.kind}:${size}:${Array.isArray(answer) ? answer.join(',') : answer}`);
    return answer;
  }
}

describe('bench: the skirmish ruleset and its hand-written twin', () => {
  test(`should play identical games (every question, every answer, the result) for ${SEEDS} seeds`, () => {
    const program = loadProgram('test/bench/skirmish');
    const levels = new Set<string>();
    let decisions = 0;
    let earlyEnds = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const ruled: string[] = [];
      const played = playWith(program, { seed }, new TracingAgent(seed, ruled), { log: 'none' });
      if ('problems' in played) throw new Error(`seed ${seed}: setup refused: ${JSON.stringify(played.problems)}`);
      expect(played.stopped, `seed ${seed}`).toBeUndefined();
      expect(played.game.error, `seed ${seed}`).toBeNull();
      const hand: string[] = [];
      const result = playSkirmish(seed, hand);
      const step = ruled.findIndex((x, i) => x !== hand[i]);
      const at = step >= 0 ? step : ruled.length !== hand.length ? Math.min(ruled.length, hand.length) : -1;
      if (at >= 0) {
        // One message naming the seed and step, rather than a diff of two long traces.
        expect.fail(`seed ${seed}, decision ${at}: rulesmith asked ${ruled[at] ?? '(nothing: the game ended)'}, hand-written ${hand[at] ?? '(nothing: the game ended)'}; the ${at} before agree`);
      }
      expect(result, `seed ${seed}: result`).toEqual(played.game.result);
      levels.add(result.level);
      decisions += hand.length;
      if (played.game.state.round < 8) earlyEnds++;
    }
    // Guards against agreeing vacuously (a game with no questions, or always the same ending).
    expect([...levels].sort()).toEqual(['Decisive', 'Draw', 'Marginal']);
    expect(decisions / SEEDS).toBeGreaterThan(30);
    expect(earlyEnds).toBeGreaterThan(0);
  });
});
