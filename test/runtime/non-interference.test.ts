/**
 * Non-interference, for every shipped ruleset: at random points of random games, everything a
 * seat may not see is drawn again (determinize; the copy's log is told from the copy's state), and
 * the seat's view (state, log, the question and its options) must not change. Run longer with
 * RULESMITH_NI_GAMES=<games per ruleset>.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { determinize, type Game } from '../../interpreter/runtime/index.ts';
import { nextInt, seedRng } from '../../interpreter/runtime/rng.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const GAMES = Number(process.env.RULESMITH_NI_GAMES ?? 3);
/** Chance that a decision point is checked (every seat, and a spectator). */
const CHECK_ONE_IN = 12;

const RULESETS: Array<[string, number | undefined, Record<string, unknown>]> = [
  ['rulesets/battle-of-seattle', undefined, {}],
  ['rulesets/blockade-runner', 4, {}],
  ['rulesets/dragut', undefined, {}],
  ['rulesets/blue-max', 6, { opt_lewis: true, opt_observer: true, opt_altitude: true, opt_fuel: true }],
  // The game `rulesmith init` starts a designer from (rulesets/templates/).
  ['rulesets/templates/starter', undefined, {}],
  ['rulesets/templates/hex-and-counter', undefined, {}],
  ['rulesets/templates/card-driven', undefined, {}],
  ['rulesets/templates/free-for-all', 4, {}],
  // Pieces kept in zones that hide what they hold (a side's reserve, a vault no one sees).
  ['test/fixtures/runtime/reserve', undefined, {}],
];

/** Whether the ruleset declares anything secret: decks (their draw order), face-down pieces, private values or zones. */
function hidesSomething(program: ReturnType<typeof loadProgram>): boolean {
  const d = program.data;
  const secret = (x: { visibility?: string }) => x.visibility !== undefined && x.visibility !== 'public';
  return Object.keys(d.decks ?? {}).length > 0 || Object.values(d.pieces ?? {}).some((p) => p.hidden === true)
    || [...Object.values(d.tracks ?? {}), ...Object.values(d.variables ?? {}), ...Object.values(d.zones ?? {})].some(secret);
}

const viewText = (g: Game, seat: string | null): string => JSON.stringify(g.view(seat));

describe.each(RULESETS)('%s: a seat never sees what it may not', (path, players, options) => {
  const program = loadProgram(path);

  test(`${GAMES} random games: redrawing every secret of the others leaves each seat's view unchanged`, () => {
    const totals = { checks: 0, cards: 0, pieces: 0, values: 0, answers: 0, lines: 0, previews: 0 };
    for (let n = 0; n < GAMES; n++) {
      const game = startGame(program, { seed: `ni-${n}`, ...(players ? { players } : {}), options });
      const agent = new RandomAgent(`ni-${n}`);
      const pick = seedRng(`ni-points-${n}`);
      const seats = [...game.state.players.map((p) => p.id), null];
      for (let step = 0; game.pending && step < 2_000; step++) {
        if (nextInt(pick, CHECK_ONE_IN) === 0) {
          for (const seat of seats) {
            // A question's previews are the deciding seat's alone.
            if (seat !== game.pending.player) expect(game.view(seat).pending?.previews, `game ${n}, decision ${step}, seat ${seat ?? 'spectator'}`).toBeUndefined();
            const before = viewText(game, seat);
            const { game: other, resampled } = determinize(game, seat, seedRng(`ni-${n}-${step}-${seat}`), { log: true });
            expect(viewText(other, seat), `game ${n}, decision ${step}, seat ${seat ?? 'spectator'}`).toBe(before);
            if (before.includes('"previews"')) totals.previews++;
            totals.checks++;
            totals.cards += resampled.cards;
            totals.pieces += resampled.pieces;
            totals.values += resampled.values;
            totals.answers += resampled.answers;
            totals.lines += resampled.lines;
          }
        }
        game.answer(agent.choose(game.pending));
      }
    }
    expect(totals.checks).toBeGreaterThan(10);
    // Blue Max previews its maneuver choice: the deciding seat's views above carried previews.
    if (path.endsWith('blue-max')) expect(totals.previews).toBeGreaterThan(0);
    // The check had something to redraw where the rules keep secrets; open-information games have none.
    if (hidesSomething(program)) expect(totals.cards + totals.pieces + totals.values + totals.answers, JSON.stringify(totals)).toBeGreaterThan(0);
    else expect(totals).toMatchObject({ cards: 0, pieces: 0, values: 0, answers: 0, lines: 0 });
    console.log(`${path}: ${JSON.stringify(totals)}`);
  });

  test('a determinized game plays on to a legal end', () => {
    const game = startGame(program, { seed: 'ni-end', ...(players ? { players } : {}), options });
    const agent = new RandomAgent('ni-end');
    for (let i = 0; i < 20 && game.pending; i++) game.answer(agent.choose(game.pending));
    const seat = game.pending?.player ?? 'p1';
    const { game: copy } = determinize(game, seat, seedRng('ni-end'));
    const bot = new RandomAgent('ni-end-copy');
    for (let i = 0; i < 20_000 && copy.pending; i++) expect(copy.answer(bot.choose(copy.pending))).toEqual({ ok: true });
    expect(copy.status, JSON.stringify(copy.error)).toBe('ended');
  });
});

describe('determinize and simultaneous secret choices', () => {
  test("another seat's answer, given while this seat is still to choose, is drawn again; the seat's own stays", () => {
    const program = loadProgram('test/fixtures/runtime/duel');
    const game = startGame(program, { seed: 5 });
    const agent = new RandomAgent('secret');
    // Up to p2's turn in `secretly choose one of ["hold", "push"] … for each p in players`: p1 has answered.
    while (game.pending && !(game.pending.secret && game.pending.player === 'p2')) game.answer(agent.choose(game.pending));
    expect(game.pending?.secret).toBe(true);
    const p1Answer = (g: Game): unknown => {
      const frame = g.rt.stack[g.rt.stack.length - 1]!;
      const slot = frame.code!.secretAnswers![0]!;
      return (frame.slots[slot] as unknown[][])[0]![1];
    };
    const seen = new Set<unknown>();
    for (let i = 0; i < 20; i++) seen.add(p1Answer(determinize(game, 'p2', seedRng(`d${i}`)).game));
    expect([...seen].sort()).toEqual(['hold', 'push']);
    for (let i = 0; i < 5; i++) expect(p1Answer(determinize(game, 'p1', seedRng(`e${i}`)).game)).toBe(p1Answer(game));
  });
});
