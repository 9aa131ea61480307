// Playability: random agents play whole games to a result with no runtime error (seeds 1-100
// here, 101-200 in random-games-2.test.ts, so two workers share the load); the same seed gives
// the same game.
import { describe, expect, test } from 'vitest';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { checkSeeds, playRandom } from './games.ts';
import { seenType } from './helpers.ts';

describe('random-agent games', () => {
  test('seeds 1-100 all end with a winner and a victory level, without runtime errors', () => {
    const winners = checkSeeds(1, 100);
    // Both sides can win against a random opponent.
    expect(Object.keys(winners).sort()).toEqual(['pirates', 'rapallini']);
  }, 120_000);

  test('the same seed gives an identical log; another seed a different game', () => {
    const texts = (g: Game) => g.log.map((e) => `${e.round}|${e.phase}|${e.kind}|${e.text}`);
    const a = playRandom('same-seed', {}, 'full');
    const b = playRandom('same-seed', {}, 'full');
    expect(a.log.length).toBeGreaterThan(500);
    expect(texts(b)).toEqual(texts(a));
    expect(b.result).toEqual(a.result);
    expect(texts(playRandom('other-seed', {}, 'full'))).not.toEqual(texts(a));
  });

  test('[2.2a], [6], [6.1]: units are revealed only by a combat, a freeing or an escape; the rest stay hidden from the other side', () => {
    for (let i = 1; i <= 10; i++) {
      const game = playRandom(`hidden:${i}`, {}, 'full');
      const log = game.log;
      log.forEach((e, n) => {
        if (e.kind !== 'change' || !e.text.endsWith(' revealed')) return;
        const next = log.slice(n + 1, n + 4).map((x) => x.text);
        expect([e.text, next.some((t) => t.startsWith('Combat in') || t.includes(' frees ') || t.includes(' reaches '))]).toEqual([e.text, true]);
      });
      // Whatever is still hidden at the end is shown to its owner only.
      for (const [id, p] of Object.entries(game.state.pieces)) {
        if (!p.hidden || p.at === null) continue;
        const side = (game.program.data.pieces as Record<string, { side?: string }>)[p.type]!.side;
        const [own, other] = side === 'pirates' ? ['p1', 'p2'] : ['p2', 'p1'];
        expect([id, seenType(game, own, id), seenType(game, other, id)]).toEqual([id, p.type, '?']);
      }
    }
  });
});
