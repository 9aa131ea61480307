// [2.2a] "ATTENZIONE" (spec §2.4, §4.1): units are placed hidden. A whole random game, checking
// every view each side gets along the way: nothing in it (state, log, question) names an enemy
// unit that is hidden at that moment, by its id or by its type id.
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../../interpreter/agents/index.ts';
import type { Game, GameView } from '../../../interpreter/runtime/index.ts';
import { startGame } from '../../helpers/ruleset.ts';
import { program } from './helpers.ts';

const SIDES: Record<string, string> = { p1: 'pirates', p2: 'rapallini' };

const sideOf = (game: Game, type: string): string | undefined => (game.program.data.pieces as Record<string, { side?: string }>)[type]?.side;

/**
 * What a seat may not read: the ids of enemy units hidden now that it has never seen, and their
 * type ids unless it has seen a unit of that type (a unit revealed in combat and turned face down
 * again was seen; its earlier lines name it). `side` null: the spectator, for whom both sides are enemies.
 */
function secretsFor(game: Game, side: string | null, seen: ReadonlySet<string>): string[] {
  const enemies = Object.entries(game.state.pieces).filter(([, p]) => sideOf(game, p.type) !== undefined && sideOf(game, p.type) !== side);
  const seenTypes = new Set(enemies.filter(([id]) => seen.has(id)).map(([, p]) => p.type));
  const unseen = enemies.filter(([id, p]) => p.hidden && !seen.has(id));
  return [...new Set(unseen.flatMap(([id, p]) => (seenTypes.has(p.type) ? [id] : [id, p.type])))];
}

/** Units shown to everybody so far: revealed now, or revealed by a line of the referee's log. */
function markSeen(game: Game, seen: Set<string>, fromEntry: number): void {
  for (const [id, p] of Object.entries(game.state.pieces)) {
    const revealed = new RegExp(`(?:\\(${id}\\)|^${id}) revealed`);
    if (!p.hidden || game.log.slice(fromEntry).some((e) => e.kind === 'change' && revealed.test(e.text))) seen.add(id);
  }
}

/** Every string of a view, but log lines' script positions (file paths name the folder `rulesets/dragut`, not the unit). */
const viewText = (view: Pick<GameView, 'state' | 'log' | 'pending'>): string =>
  JSON.stringify({ state: view.state, log: view.log.map(({ at: _at, ...e }) => e), pending: view.pending });

/** The secrets a text names, as whole words (`men` is not in `women` nor in `movement_cost`). */
const named = (text: string, secrets: string[]): string[] => secrets.filter((s) => new RegExp(`(?<![A-Za-z0-9_])${s}(?![A-Za-z0-9_])`).test(text));

describe('hidden units in the views of a whole game', () => {
  test('no view of either side (or of a spectator) names an enemy unit hidden at that moment, though the referee\'s log does', () => {
    const game = startGame(program(), { seed: 'hidden-views' });
    const agents: Record<string, RandomAgent> = { p1: new RandomAgent('hidden-views:p1'), p2: new RandomAgent('hidden-views:p2') };
    const seen: Record<string, Set<string>> = { p1: new Set(), p2: new Set(), spectator: new Set() };
    let checked = 0;
    let refereeNamed = 0;
    let logged = 0;
    for (let i = 0; i < 5000; i++) {
      for (const seat of ['p1', 'p2', null]) {
        const key = seat ?? 'spectator';
        markSeen(game, seen[key]!, logged);
        const secrets = secretsFor(game, seat && SIDES[seat]!, seen[key]!);
        expect([i, key, named(viewText(game.view(seat)), secrets)]).toEqual([i, key, []]);
        refereeNamed += named(viewText({ state: game.state, log: game.log, pending: game.pending }), secrets).length;
        checked++;
      }
      logged = game.log.length;
      const req = game.pending;
      if (!req) break;
      expect(game.answer(agents[req.player]!.choose(req))).toEqual({ ok: true });
    }
    expect(game.status).toBe('ended');
    expect(checked).toBeGreaterThan(300);
    // The check has teeth: the same text from the referee's state and log names those units.
    expect(refereeNamed).toBeGreaterThan(checked);
  }, 60_000);
});
