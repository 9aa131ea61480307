import { describe, expect, test } from 'vitest';
import { msText } from '../../interpreter/cli/tournament-games.ts';
import { runCli } from './run-cli.ts';

const NIM = 'test/fixtures/runtime/nim';

describe('rulesmith tournament', () => {
  test('rotates the seats and reports per agent and per seat, with intervals', async () => {
    const r = await runCli(['tournament', NIM, '--agents', 'mcts:iterations=100,random', '--games', '8', '--json']);
    expect(r.code, r.err).toBe(0);
    const t = JSON.parse(r.out);
    expect(t).toMatchObject({ games: 8, seats: 2, lineup: ['mcts:iterations=100', 'random'], ended: 8, errors: [] });
    const [mcts, random] = t.agents;
    expect(mcts).toMatchObject({ label: 'mcts:iterations=100', games: 8 });
    expect(mcts.wins + random.wins).toBe(8);
    expect(mcts.wins).toBeGreaterThan(random.wins);
    expect(mcts.ci95[0]).toBeLessThanOrEqual(mcts.winRate);
    expect(mcts.ci95[1]).toBeGreaterThanOrEqual(mcts.winRate);
    // Each agent played each seat 4 times.
    expect(t.bySeat.map((s: { label: string; games: number }) => [s.label, s.games])).toEqual([
      ['p1 mcts:iterations=100', 4], ['p1 random', 4], ['p2 mcts:iterations=100', 4], ['p2 random', 4],
    ]);
    // Outcomes name the agents of the winning seats; they add up to the games.
    expect(t.outcomes.reduce((n: number, o: { count: number }) => n + o.count, 0)).toBe(8);
    expect(t.outcomes.every((o: { label: string }) => /\((mcts:iterations=100|random)\)$/.test(o.label))).toBe(true);
    // Seats balanced: the mean of the agent's rates on each seat, with an interval from those alone.
    const seat = (label: string) => t.bySeat.find((s: { label: string }) => s.label === label);
    const rates = ['p1 mcts:iterations=100', 'p2 mcts:iterations=100'].map((l) => seat(l).wins / seat(l).games);
    expect(mcts.seatBalanced.rate).toBeCloseTo((rates[0]! + rates[1]!) / 2, 12);
    expect(mcts.seatBalanced.ci95[0]).toBeLessThanOrEqual(mcts.seatBalanced.rate);
    expect(mcts.seatBalanced.ci95[1]).toBeGreaterThanOrEqual(mcts.seatBalanced.rate);
    const text = await runCli(['tournament', NIM, '--agents', 'mcts:iterations=100,random', '--games', '8']);
    expect(text.out).toMatch(/\n {27}seats balanced \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%\)\n/);
  });

  test("outcomes name the winning side as the ruleset does; the JSON keeps its id", async () => {
    const argv = ['tournament', 'test/fixtures/runtime/duel', '--agents', 'random', '--games', '4'];
    const text = await runCli(argv);
    expect(text.code, text.err).toBe(0);
    const outcomes = text.out.slice(text.out.indexOf('\noutcomes'));
    expect(outcomes).toMatch(/\n {2}(Red|Blue) — Points \(random\) +\d+ /);
    expect(outcomes).not.toMatch(/\n {2}(red|blue) /);
    // A seat by the side it played in every game, and its id; the JSON keeps the side's id.
    expect(text.out).toMatch(/\nby seat\n {2}Red \(p1\) random +games +4 .*\n {2}Blue \(p2\) random +games +4 /);
    const json = JSON.parse((await runCli([...argv, '--json'])).out);
    expect(json.outcomes.every((o: { label: string }) => /^(red|blue) /.test(o.label))).toBe(true);
    expect(json.bySeat.map((r: { label: string; side?: string }) => [r.label, r.side])).toEqual([['p1 random', 'red'], ['p2 random', 'blue']]);
  });

  test('times per decision print two decimals below a millisecond, one above', () => {
    expect([msText(0.04), msText(0.06), msText(0.999), msText(1), msText(1234.56)]).toEqual(['0.04', '0.06', '1.00', '1.0', '1234.6']);
  });

  test('with heuristics, each agent gets its seats\' mean score at the end', async () => {
    const r = await runCli(['tournament', 'rulesets/blue-max', '--agents', 'random', '--games', '2', '--players', '2', '--json']);
    expect(r.code, r.err).toBe(0);
    const [random] = JSON.parse(r.out).agents;
    // Blue Max scores aircraft flying (own minus enemy) less damage: a 2-player game ends with -1, 0 or 1 or so.
    expect(typeof random.meanScore).toBe('number');
    expect(Math.abs(random.meanScore)).toBeLessThanOrEqual(2);
    const nim = JSON.parse((await runCli(['tournament', NIM, '--agents', 'random', '--games', '2', '--json'])).out);
    expect(nim.agents[0].meanScore).toBeUndefined();
  });

  test('the same seed gives the same wins; the line-up fills the seats with the last agent', async () => {
    const run = async () => JSON.parse((await runCli(['tournament', NIM, '--agents', 'mcts:iterations=40,random', '--games', '4', '--seed', '7', '--json'])).out);
    const [a, b] = [await run(), await run()];
    expect(a.agents.map((x: { wins: number }) => x.wins)).toEqual(b.agents.map((x: { wins: number }) => x.wins));
    const solo = JSON.parse((await runCli(['tournament', NIM, '--agents', 'random', '--games', '2', '--json'])).out);
    expect(solo.lineup).toEqual(['random', 'random']);
  });

  test('bad agents or counts exit 2 with a message', async () => {
    expect((await runCli(['tournament', NIM, '--agents', 'genius'])).err).toContain("unknown agent 'genius'");
    expect((await runCli(['tournament', NIM, '--agents', 'random', '--games', '0'])).code).toBe(2);
    expect((await runCli(['tournament', NIM])).code).toBe(2);
  });
});
