// Blue Max: the maneuver choice previews each maneuver's path on the map (`preview maneuver_path(a,
// option)`, issue 14 item 8). The preview must be the path the movement then really flies.
// Directions in the runtime grid: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
import { describe, expect, test } from 'vitest';
import { answerAll } from '../../helpers/ruleset.ts';
import type { ChoicePreview, Game } from '../../../interpreter/runtime/index.ts';
import { hexOf, labels, logText, newGame, plane, put } from './helpers.ts';

/** The deciding seat's preview of one maneuver, by its code. */
function previewOf(game: Game, code: string): ChoicePreview | null {
  const view = game.view(game.pending!.player).pending!;
  const i = view.labels.indexOf(code);
  expect(i, `${code} offered`).toBeGreaterThanOrEqual(0);
  return view.previews![i]!;
}

describe('maneuver previews (spec §3 phases 2-3, §4.4)', () => {
  test('TC-02: 14L3 from 1806 facing west previews 1706, 1607, 1708 (1 west, turn left, 1 south-west, turn left, 1 south-east), and the Fokker then flies there', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    expect(game.pending!.player).toBe('p2');
    expect(previewOf(game, '14L3')).toEqual({ path: ['hex:17,6', 'hex:16,7', 'hex:17,8'], end: 'hex:17,8', endLabel: '1708', facing: 2, note: 'turns left 120°, speed 3, fuel 3' });
    expect(previewOf(game, '2S2')).toEqual({ path: ['hex:17,6', 'hex:16,6'], end: 'hex:16,6', endLabel: '1606', facing: 4, note: 'straight, speed 2, fuel 2, Forward' });
    answerAll(game, ['14L3', '3S3']);
    expect(hexOf(game, fokker)).toBe('hex:17,8');
    expect(game.state.pieces[fokker]!.facing).toBe(2);
  });

  test('every offered maneuver: the preview ends where the movement puts the aircraft, facing as it faces', () => {
    const base = newGame();
    const fokker = plane(base, 'p2');
    put(base, fokker, 10, 6, 4);
    const codes = labels(base);
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) {
      const game = base.fork();
      const preview = previewOf(game, code)!;
      answerAll(game, [code, '3S3']);
      expect(preview.end, code).toBe(hexOf(game, fokker));
      // A deliberate spin (0S2) flies no path and stays put (the spin then turns it by a die);
      // every other maneuver enters hexes and ends facing as previewed.
      if (code === '0S2') {
        expect(preview).toMatchObject({ path: [], end: 'hex:10,6' });
        continue;
      }
      expect(preview.facing, code).toBe(game.state.pieces[fokker]!.facing);
      expect(preview.path[preview.path.length - 1], code).toBe(preview.end);
    }
  });

  test('a maneuver that leaves the field previews the hexes inside and no end; the aircraft is then shot down', () => {
    const game = newGame();
    const fokker = plane(game, 'p2');
    put(game, fokker, 2, 6, 4);
    expect(previewOf(game, '2S2')).toEqual({ path: ['hex:1,6'], end: null, endLabel: null, facing: 4, note: 'straight, speed 2, fuel 2, Forward' });
    answerAll(game, ['2S2', '3S3']);
    expect(logText(game).some((l) => /Fokker Dr.I .*left the flying field/.test(l))).toBe(true);
  });

  test('secrecy: the other pilot sees neither the question nor its previews', () => {
    const game = newGame();
    expect(game.pending).toMatchObject({ player: 'p2', secret: true });
    expect(game.view('p2').pending!.previews!.length).toBe(game.pending!.options.length);
    expect(game.view('p1').pending).toBeNull();
    expect(game.view(null).pending).toBeNull();
  });
});
