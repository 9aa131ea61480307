// Every shipped variant (rulesets/*/variants/*.yaml) validates clean, with its intent written down,
// and random bots play a few games of it to the end without a runtime error or a broken invariant. The 200-game runs
// with `rulesmith simulate` are too slow for the suite; these seeds are the first of those runs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { checkInvariants, RandomAgent, playWith, type InvariantViolation } from '../../interpreter/index.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { ROOT } from '../editor/helpers.ts';

const GAMES = 3;

const variants = readdirSync(join(ROOT, 'rulesets')).flatMap((game) => {
  let names: string[] = [];
  try {
    names = readdirSync(join(ROOT, 'rulesets', game, 'variants'));
  } catch {
    return [];
  }
  return names.filter((n) => n.endsWith('.yaml')).map((n) => ({ game, path: `rulesets/${game}/variants/${n}` }));
});

describe('shipped variants', () => {
  test('every game should ship at least two variants', () => {
    const perGame: Record<string, number> = {};
    for (const v of variants) perGame[v.game] = (perGame[v.game] ?? 0) + 1;
    expect(Object.fromEntries(Object.entries(perGame).map(([g, n]) => [g, n >= 2]))).toEqual({
      'battle-of-seattle': true,
      'blockade-runner': true,
      'blue-max': true,
      dragut: true,
    });
  });

  test.each(variants)('$path should validate clean, state its intent and play $game to the end with random bots, breaking no invariant', ({ path }) => {
    const loaded = loadRuleset(join(ROOT, path), nodeHost);
    const diagnostics = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.range.start.line}: ${d.message}`)).toEqual([]);
    const program = compileRuleset(loaded.model!);
    const data = program.data as Record<string, unknown>;
    expect([typeof data['name'], typeof data['description']]).toEqual(['string', 'string']);
    expect(typeof data['source'] === 'string' || typeof data['note'] === 'string').toBe(true);
    for (let i = 1; i <= GAMES; i++) {
      const seed = `variant:${i}`;
      const seats = Object.fromEntries(['p1', 'p2'].map((p) => [p, new RandomAgent(`${seed}:${p}`)]));
      let broken: InvariantViolation | null = null;
      const played = playWith(program, { seed }, seats, { log: 'none', observe: (g) => { broken ??= checkInvariants(g); } });
      if ('problems' in played) throw new Error(`setup refused: ${JSON.stringify(played.problems)}`);
      expect([seed, played.stopped ?? null, played.game.error ?? null, played.game.status, broken]).toEqual([seed, null, null, 'ended', null]);
    }
  }, 60_000);

  test('the Blue Max two-seater duel should put only two-seaters in the air', () => {
    const loaded = loadRuleset(join(ROOT, 'rulesets/blue-max/variants/two-seaters.yaml'), nodeHost);
    const program = compileRuleset(loaded.model!);
    const seats = { p1: new RandomAgent('duel:p1'), p2: new RandomAgent('duel:p2') };
    const played = playWith(program, { seed: 'duel' }, seats, { log: 'none', maxDecisions: 4 });
    if ('problems' in played) throw new Error(`setup refused: ${JSON.stringify(played.problems)}`);
    const flown = Object.values(played.game.state.pieces).filter((p) => p.owner !== undefined && p.owner !== null).map((p) => p.type);
    expect(flown.length).toBe(2);
    expect(new Set(flown)).toEqual(new Set(['halberstadt_cl2', 'bristol_f2b']));
  });
});
