import { describe, expect, test } from 'vitest';
import { compareSimulations, comparisonVerdict, winnersPrecision } from '../../interpreter/analysis/compare.ts';
import { winnersVerdict } from '../../interpreter/analysis/verdict.ts';
import { newcombe, newcombePaired, sample, welch } from '../../interpreter/analysis/intervals.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import type { Program } from '../../interpreter/runtime/program.ts';

const program = (id: string) => ({ data: { id }, hash: `hash-${id}`, model: { entry: `${id}.yaml` } }) as unknown as Program;

/** Games won by the given sides (p1 plays red, p2 blue), with rounds and margins. */
function records(winners: Array<string | null>, rounds: (i: number) => number, margin: (i: number) => number | null = () => null): GameRecord[] {
  return winners.map((w, i) => ({
    seed: `1:${i + 1}`, status: 'ended', result: { winner: w ?? 'none', level: w ? 'Points' : 'Draw' }, rounds: rounds(i), decisions: 10,
    error: null, seats: { p1: 'red', p2: 'blue' }, margin: margin(i),
  }));
}

const repeat = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);

describe('compareSimulations', () => {
  const base = records([...repeat(48, 'red'), ...repeat(32, 'blue')], (i) => 3 + (i % 3), (i) => i % 5);
  const variant = records([...repeat(56, 'red'), ...repeat(14, 'blue')], (i) => 4 + (i % 2), (i) => (i % 7) - 1);
  const c = compareSimulations({ records: base, program: program('base') }, { records: variant, program: program('house') }, { seed: '1', agents: ['random'] });

  test('win shares should change by Newcombe intervals (variant − base)', () => {
    expect(c).toMatchObject({ games: 80, design: 'paired', seed: '1', agents: ['random'] });
    const red = c.winners.find((w) => w.label === 'red')!;
    expect(red.base).toMatchObject({ count: 48, games: 80, share: 0.6 });
    expect(red.variant).toMatchObject({ count: 56, games: 70, share: 0.8 });
    // Newcombe's example (a): 56/70 − 48/80 = 0.2, interval 0.0524 to 0.3339.
    expect(red.diff).toBeCloseTo(0.2, 10);
    expect(red.ci95[0]).toBeCloseTo(0.0524, 4);
    expect(red.ci95[1]).toBeCloseTo(0.3339, 4);
    expect(red.significant).toBe(true);
    const blue = c.winners.find((w) => w.label === 'blue')!;
    expect(blue).toMatchObject(newcombe(14, 70, 32, 80));
    expect(c.outcomes.map((o) => o.label)).toEqual(['red — Points', 'blue — Points']);
  });

  test('game length and margin should change by Welch intervals', () => {
    const rb = base.map((r) => r.rounds);
    const rv = variant.map((r) => r.rounds);
    expect(c.rounds).toMatchObject({ base: sample(rb), variant: sample(rv) });
    const w = welch(sample(rv), sample(rb));
    expect(c.rounds.diff).toBeCloseTo(w.diff, 12);
    expect(c.rounds.ci95).toEqual(w.ci95);
    expect(c.margin!.base.mean).toBeCloseTo(2, 10);
    expect(c.margin!.variant.n).toBe(70);
  });

  test('the first seat should win when its side wins, against a fair share of one half', () => {
    expect(c.firstSeat).toMatchObject({ seats: 2, fair: 0.5, base: { wins: 48, games: 80, share: 0.6, advantage: false }, variant: { wins: 56, games: 70, advantage: true } });
    expect(c.firstSeat.change.ci95[0]).toBeCloseTo(0.0524, 4);
    // p1 plays red in every game: its wins are red's, and the seat is named by its side.
    expect(c.firstSeat.side).toBe('red');
  });

  test('a first seat that plays different sides in some games should have no side of its own', () => {
    const swapped = variant.map((r, i) => (i % 2 ? { ...r, seats: { p1: 'blue', p2: 'red' } } : r));
    const s = compareSimulations({ records: base, program: program('base') }, { records: swapped, program: program('house') }, { seed: '1', agents: ['random'] });
    expect(s.firstSeat.side).toBeNull();
    // Its wins are then its own: red's wins when it plays red, blue's when it plays blue.
    expect(s.firstSeat.variant.wins).toBe(swapped.filter((r) => (r.result as { winner: string }).winner === r.seats!.p1).length);
  });

  test('without margins, ties or sides the comparison should still be whole', () => {
    const tie = (n: number): GameRecord[] => Array.from({ length: n }, (_, i) => ({ seed: `1:${i + 1}`, status: 'ended', result: { winner: ['p1', 'p2'] }, rounds: 2, decisions: 4, error: null, seats: { p1: null, p2: null } }));
    const won = (n: number): GameRecord[] => Array.from({ length: n }, (_, i) => ({ seed: `1:${i + 1}`, status: 'ended', result: { winner: 'p1' }, rounds: 2, decisions: 4, error: null, seats: { p1: null, p2: null } }));
    const t = compareSimulations({ records: tie(10), program: program('a') }, { records: won(10), program: program('b') }, { seed: 's', agents: ['random'] });
    expect(t.margin).toBeNull();
    expect(t.firstSeat).toMatchObject({ fair: 0.5, side: null, base: { wins: 0 }, variant: { wins: 10, advantage: true } });
    expect(t.winners.map((w) => [w.label, w.base.count, w.variant.count])).toEqual([['tie: p1, p2', 10, 0], ['p1', 0, 10]]);
    expect(t.rounds).toMatchObject({ diff: 0, significant: false });
  });
});

describe('compareSimulations on the same seeds (paired)', () => {
  // 100 seeds: red wins 60 under the base and the same 60 plus 10 more under the variant; every
  // game lasts one round more under the variant.
  const base = records([...repeat(60, 'red'), ...repeat(40, 'blue')], (i) => 3 + (i % 4), (i) => i % 9);
  const variant = records([...repeat(70, 'red'), ...repeat(30, 'blue')], (i) => 4 + (i % 4), (i) => (i % 9) + 2);
  const c = compareSimulations({ records: base, program: program('base') }, { records: variant, program: program('house') }, { seed: '1', agents: ['random'] });

  test('shares should change by the paired interval, narrower than the independent one', () => {
    const red = c.winners.find((w) => w.label === 'red')!;
    expect(red).toMatchObject({ base: { count: 60, games: 100 }, variant: { count: 70, games: 100 } });
    const paired = newcombePaired(60, 10, 0, 30);
    expect(red.ci95).toEqual(paired.ci95);
    expect(red.significant).toBe(true);
    expect(newcombe(70, 100, 60, 100).significant).toBe(false);
    expect(c.firstSeat.change.ci95).toEqual(paired.ci95);
  });

  test('means should change by the per-seed differences: one round more on every seed is exactly +1', () => {
    expect(c.rounds).toMatchObject({ diff: 1, ci95: [1, 1], significant: true });
    expect(c.rounds.base).toEqual(sample(base.map((r) => r.rounds)));
    expect(c.margin).toMatchObject({ diff: 2, ci95: [2, 2] });
    // Welch's interval on the same games would not even see the change of rounds as certain.
    expect(welch(sample(variant.map((r) => r.rounds)), sample(base.map((r) => r.rounds))).ci95[0]).toBeLessThan(1);
  });

  test('records of other seeds should be compared as independent samples', () => {
    const shifted = variant.map((r, i) => ({ ...r, seed: `2:${i + 1}` }));
    const u = compareSimulations({ records: base, program: program('base') }, { records: shifted, program: program('house') }, { seed: '1', agents: ['random'] });
    expect(u.winners.find((w) => w.label === 'red')!.ci95).toEqual(newcombe(70, 100, 60, 100).ci95);
    expect(u.rounds.ci95).toEqual(welch(sample(variant.map((r) => r.rounds)), sample(base.map((r) => r.rounds))).ci95);
  });
});

describe('who wins, in one sentence (verdict.ts), as the CLI, the report and the editor say it', () => {
  const run = (baseRed: number, variantRed: number, n = 200) =>
    compareSimulations(
      { records: records([...repeat(baseRed, 'red'), ...repeat(n - baseRed, 'blue')], () => 3), program: program('base') },
      { records: records([...repeat(variantRed, 'red'), ...repeat(n - variantRed, 'blue')], () => 3), program: program('house') },
      { seed: '1', agents: ['random'] },
    );

  test('paired seeds should count the games whose winner changed', () => {
    expect(run(100, 130).winnersDiffer).toBe(30);
    // Seeds not paired one for one (other counts): not known.
    const unpaired = compareSimulations({ records: records(['red', 'blue'], () => 3), program: program('a') }, { records: records(['red'], () => 3), program: program('b') }, { seed: '1', agents: ['random'] });
    expect(unpaired.winnersDiffer).toBeNull();
    expect(winnersVerdict(2, null, unpaired.winners)?.text).not.toContain('had another winner');
  });

  test('a shift clearing zero should be named, a small one said unclear with the room left, none said as none', () => {
    const changed = comparisonVerdict(run(100, 130))!;
    expect(changed.kind).toBe('changed');
    expect(changed.text).toMatch(/^The change moves who wins, with 95% confidence over 200 games of each: /);
    expect(changed.text).toMatch(/red \+15\.0 points \(95% \+\d+\.\d to \+\d+\.\d\)/);
    expect(changed.text).toMatch(/blue −15\.0 points \(95% −\d+\.\d to −\d+\.\d\)/);
    const unclear = comparisonVerdict(run(100, 103))!;
    expect(unclear.kind).toBe('unclear');
    const room = Math.max(...run(100, 103).winners.map((w) => Math.max(Math.abs(w.ci95[0]), Math.abs(w.ci95[1]))));
    expect(unclear.text).toBe(`No clear change in who wins over 200 games of each (3 had another winner): every 95% interval includes zero, so a change of up to ${(room * 100).toFixed(1)} points either way is still possible. More games narrow the intervals.`);
    expect(comparisonVerdict(run(100, 100))?.kind).toBe('same');
    expect(winnersVerdict(0, 0, [])).toBeUndefined();
  });
});

describe('games that stopped on a runtime error are no results', () => {
  /** Seed i's game stopped on a runtime error (a step budget, say): no result, length or margin. */
  const stopped = (r: GameRecord): GameRecord => ({ ...r, status: 'error', result: null, rounds: 0, decisions: 0, margin: null, error: { code: 'step-budget-exceeded', message: 'a loop probably never ends' } });
  const base = records([...repeat(8, 'red'), ...repeat(8, 'blue'), ...repeat(4, null)], (i) => 2 + (i % 3), (i) => i % 4);
  const compare = (b: GameRecord[], v: GameRecord[]) => compareSimulations({ records: b, program: program('base') }, { records: v, program: program('loop') }, { seed: '1', agents: ['random'] });

  test('a variant whose every game stopped should give no verdict and say the comparison could not be made', () => {
    const c = compare(base, base.map(stopped));
    expect(c.leftOut).toEqual({
      pairs: 20, base: 0, variant: 20, compared: 0, enough: false,
      note: 'The comparison could not be made: in 20 of 20 pairs a game stopped on a runtime error in the variant, which leaves no pair whose games both ended. No figures and no verdict: fix the runtime errors and run again.',
    });
    // Not "red −40 points, with 95% confidence": the games that stopped are not games blue or nobody won.
    expect(comparisonVerdict(c)).toBeUndefined();
    expect(winnersPrecision(c)).toBeUndefined();
    expect(c.winners).toEqual([]);
    expect(c.rounds.variant.n).toBe(0);
    // Each rule set's own summary keeps all its games and their errors (what simulate alone prints).
    expect([c.base.games, c.base.ended, c.variant.games, c.variant.errors.count]).toEqual([20, 20, 20, 20]);
    // One pair left is still too few (a mean of one difference has no interval).
    const one = compare(base, base.map((r, i) => (i === 0 ? r : stopped(r))));
    expect(one.leftOut).toMatchObject({ pairs: 19, compared: 1, enough: false });
    expect(one.leftOut!.note).toContain('which leaves only 1 pair whose games both ended');
    expect(comparisonVerdict(one)).toBeUndefined();
  });

  test('a pair with a game stopped on either side should leave the figures, which are then those of the other pairs', () => {
    const b = base.map((r, i) => (i === 1 ? stopped(r) : r));
    const v = base.map((r, i) => (i === 0 || i === 1 || i === 9 ? stopped(r) : r));
    const c = compare(b, v);
    expect(c.leftOut).toEqual({
      pairs: 3, base: 1, variant: 3, compared: 17, enough: true,
      note: '3 of 20 pairs left out of the figures: a game stopped on a runtime error in the base (1 game) or in the variant (3); the figures are of the 17 pairs whose games both ended.',
    });
    const kept = (rs: GameRecord[]) => rs.filter((_, i) => ![0, 1, 9].includes(i));
    const same = compare(kept(b), kept(v));
    expect(same.leftOut).toBeUndefined();
    for (const k of ['winners', 'winnersDiffer', 'outcomes', 'rounds', 'decisions', 'margin', 'firstSeat'] as const) expect(c[k], k).toEqual(same[k]);
    expect(c.winners.map((w) => [w.label, w.base.games, w.variant.games, w.diff])).toEqual([['blue', 17, 17, 0], ['red', 17, 17, 0], ['none', 17, 17, 0]]);
    // The pairs kept are alike to the last decision: said so, not as "no difference".
    expect(c.identical).toBe(true);
    expect(comparisonVerdict(c)?.text).toBe('Every one of the 17 games of each went exactly the same under both rules (the same winner, length and margin on every seed): these bots may never reach what the variant changes. `rulesmith profile <variant>` lists the scripts that run; stronger bots (`--agents easy`) play further into the rules.');
    // The same winners in games that went otherwise (one longer) is the old sentence.
    const longer = compare(kept(b), kept(v).map((r, i) => (i === 3 ? { ...r, decisions: r.decisions + 1 } : r)));
    expect(longer.identical).toBeUndefined();
    expect(comparisonVerdict(longer)?.text).toBe('Every one of the 17 games of each had the same winner under both rules: on these seeds the change makes no difference to who wins.');
    expect(c.games).toBe(20);
    expect(c.base.errors.count + c.variant.errors.count).toBe(4);
  });

  test('records of other seeds should leave out each side\'s games that stopped', () => {
    const v = base.map((r, i) => ({ ...(i < 5 ? stopped(r) : r), seed: `2:${i + 1}` }));
    const c = compare(base, v);
    expect(c.leftOut).toMatchObject({ pairs: null, base: 0, variant: 5, compared: 15, enough: true });
    expect(c.winners.find((w) => w.label === 'red')!.variant.games).toBe(15);
  });

  test('without errors nothing should be said to be left out (the JSON stays as it was)', () => {
    expect(Object.keys(compare(base, base))).not.toContain('leftOut');
  });
});
