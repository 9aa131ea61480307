/**
 * What makes search bots' decisions cheaper must not change them: the recorded positions the
 * decision bench times (test/bench/positions/) replay; copies drawn by `determinizer` (what a seat
 * cannot see found once per question) are the copies `determinize` draws; and option priors scored
 * with pure procedures' values kept by arguments and `table[k].prop` reading the field alone are
 * the priors, and charge the steps and end on the statement, of the same game with both off (a table trace turns them off).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as agents from '../../interpreter/agents/index.ts';
import { answerPriors, RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { candidateAnswers } from '../../interpreter/agents/answers.ts';
import { determinize, determinizer } from '../../interpreter/runtime/determinize.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import { seedRng } from '../../interpreter/runtime/rng.ts';
import type { TableTrace } from '../../interpreter/runtime/tables.ts';
import { isChoice, positionGames, readPositions, recordPositions, replayPositions, type PositionsFile } from '../bench/decision-positions.ts';
import { loadProgram } from '../helpers/ruleset.ts';

const DIR = 'test/bench/positions';
const RULESETS = readdirSync('rulesets').filter((d) => readdirSync(join('rulesets', d)).includes('ruleset.yaml'));
const rt = { agents, Game };
const blueMax = (): PositionsFile[] => readPositions(join(DIR, 'blue-max.json'));
const program = (name: string) => loadProgram(join('rulesets', name));
/** A trace that only listens: with one, a game keeps no pure values and reads whole table cells. */
const listening = (): TableTrace => ({ lookup: () => {}, roll: () => {} });

describe('recorded positions', () => {
  test.each(RULESETS)('%s: a small file whose positions replay to real choices', (name) => {
    const path = join(DIR, `${name}.json`);
    expect(statSync(path).size).toBeLessThan(8_000);
    for (const file of readPositions(path)) {
      expect(file.ruleset).toBe(name);
      const seen: number[] = [];
      replayPositions(rt, program(name), file, (g, d) => {
        expect(isChoice(g)).toBe(true);
        expect(g.state.decisions.length).toBe(d);
        seen.push(d);
      });
      expect(seen).toEqual(file.positions);
      expect(seen.length).toBeGreaterThanOrEqual(5);
    }
  });

  test('recording keeps real choices of the search bots, evenly spread, and the answers to reach them', () => {
    const nim = loadProgram('test/fixtures/runtime/nim');
    const file = recordPositions(rt, nim, 'nim', { seed: 'rec' }, ['easy', 'random'], 40);
    expect(file.positions.length).toBeGreaterThan(0);
    expect(file.answers.length).toBe(file.positions[file.positions.length - 1]);
    const again: number[] = [];
    replayPositions(rt, nim, file, (g, d) => {
      // Only p1's (the search bot's) questions are positions.
      expect(g.pending!.player).toBe('p1');
      again.push(d);
    });
    expect(again).toEqual(file.positions);
  });
});

describe('cheaper decisions, same decisions', () => {
  test('determinizer draws the copies determinize draws, question after question', () => {
    const file = blueMax()[1]!;
    for (const game of positionGames(rt, program('blue-max'), file).slice(2, 7)) {
      const seat = game.pending!.player;
      const draw = determinizer(game, seat);
      for (let i = 0; i < 3; i++) {
        const a = draw(seedRng(`copy-${i}`));
        const b = determinize(game, seat, seedRng(`copy-${i}`));
        expect(JSON.stringify(a.game.save())).toBe(JSON.stringify(b.game.save()));
        expect(a.resampled).toEqual(b.resampled);
      }
    }
  });

  test('priors with pure values kept and table fields read alone equal those without, steps included', () => {
    const file = blueMax()[1]!;
    const plain = positionGames(rt, program('blue-max'), file);
    const traced = positionGames(rt, program('blue-max'), file, { trace: listening() });
    let scored = 0;
    plain.forEach((game, k) => {
      const req = game.pending!;
      // The same copy of each game (same draws), one with the shortcuts on, one with them off.
      const a = determinize(game, req.player, seedRng(`p${k}`)).game;
      const b = determinize(traced[k]!, req.player, seedRng(`p${k}`)).game;
      const answers = candidateAnswers(req, 16, seedRng('c'), new RandomAgent('c'));
      const [sa, sb] = [a.rt.steps, b.rt.steps];
      expect(answerPriors(a, req, answers)).toEqual(answerPriors(b, req, answers));
      expect(a.rt.steps - sa).toBe(b.rt.steps - sb);
      // Where an error without a position would be placed: the last statement run, alike.
      expect(a.rt.at).toEqual(b.rt.at);
      scored += answers.length;
    });
    expect(scored).toBeGreaterThan(50);
  });

  test.each(RULESETS)('%s: a random game plays alike with table fields read alone and whole', (name) => {
    const p = program(name);
    for (const seed of [1, 2]) {
      const a = playWith(p, { seed }, new RandomAgent(seed), { log: 'none', maxDecisions: 400 });
      const b = playWith(p, { seed }, new RandomAgent(seed), { log: 'none', maxDecisions: 400, trace: listening() });
      if (!('game' in a) || !('game' in b)) throw new Error('setup refused');
      expect(JSON.stringify(a.game.save())).toBe(JSON.stringify(b.game.save()));
      expect(a.game.rt.steps).toBe(b.game.rt.steps);
    }
  });
});
