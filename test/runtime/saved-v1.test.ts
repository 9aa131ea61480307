/**
 * Games saved before log entries kept their own parts (SavedGame version 1: secrets beside the log
 * by entry number, text spans `{ text, pieces, shown }`) still resume, and every seat reads the
 * same views as in the game that was saved.
 */
import { describe, expect, test } from 'vitest';
import { Game, pieceAlias, upgradeSavedGame, type SavedGame } from '../../interpreter/runtime/index.ts';
import { EntityRef } from '../../interpreter/runtime/values.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

type Json = Record<string, unknown>;

/** A part as version 1 wrote it. */
function oldSpan(p: unknown): unknown {
  if (typeof p !== 'object' || p === null) return p;
  const o = p as Json;
  if (typeof o.piece === 'string') return { text: o.text, pieces: [o.piece], shown: o.as };
  if (Array.isArray(o.reads)) return { text: o.text, pieces: o.reads, shown: { text: o.shown } };
  return o.text;
}

/** Stored text values and prompts anywhere in `x`, with their parts as version 1 wrote them (in place). */
function oldTexts(x: unknown): void {
  if (x === null || typeof x !== 'object') return;
  if (Array.isArray(x)) return x.forEach(oldTexts);
  const o = x as Json;
  for (const k of Object.keys(o)) {
    if ((k === '$text' || k === 'promptParts') && Array.isArray(o[k])) o[k] = (o[k] as unknown[]).map(oldSpan);
    else oldTexts(o[k]);
  }
}

/** A version-2 saved game written as version 1 wrote it. */
function asVersion1(saved: SavedGame): unknown {
  const old = JSON.parse(JSON.stringify(saved)) as Json & { log: { entries: Json[]; secrets?: unknown[] } };
  oldTexts(old.state);
  oldTexts(old.machine);
  const secrets: unknown[] = [];
  old.log.entries = old.log.entries.map((e) => {
    const { parts, secret, ...line } = e as Json & { secret?: Json; parts?: unknown[] };
    if (secret) {
      const { pieces, cards: _, ...rest } = secret;
      secrets.push([line.n, { sides: pieces, ...(parts ? { parts: parts.map(oldSpan) } : {}), ...rest }]);
    }
    return line;
  });
  old.log.secrets = secrets;
  return { ...old, version: 1 };
}

const SEATS = ['p1', 'p2', null];

function resume(game: Game, saved: unknown): Game {
  const resumed = Game.fromState(game.program, saved as SavedGame);
  if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
  return resumed;
}

describe('games saved by version 1', () => {
  const game = startGame(loadProgram('test/fixtures/runtime/masks'), { seed: 3 });
  const options = game.view('p1').pending!.options;
  expect(game.answerFromView(options.findIndex((o) => o instanceof EntityRef && (o.id === 'lookout_1' || o.id === pieceAlias(game, 'lookout_1'))))).toEqual({ ok: true });

  test('a game waiting on a question that names a hidden piece should resume with the same views', () => {
    const old = asVersion1(game.save());
    // The question's prompt and the log carry version-1 spans.
    expect(JSON.stringify((old as { machine: unknown }).machine)).toContain('{"text":"lookout_1","pieces":["lookout_1"],"shown":"id"}');
    expect(JSON.stringify(old)).toContain('"secrets":[[');
    const resumed = resume(game, old);
    for (const seat of SEATS) expect(resumed.view(seat)).toEqual(game.view(seat));
    // Upgraded, it is the data this version saves, to the byte (`rulesmith replay` compares them).
    const upgraded = upgradeSavedGame(old as SavedGame);
    for (const part of ['state', 'machine'] as const) expect(JSON.stringify(upgraded[part])).toBe(JSON.stringify(game.save()[part]));
    expect(resumed.save()).toEqual(game.save());
  });

  test('after the move, its log should read to each seat as it did, and play on the same', () => {
    const played = game.fork({ log: true });
    expect(played.answer(0)).toEqual({ ok: true });
    const resumed = resume(played, asVersion1(played.save()));
    for (const seat of SEATS) expect(resumed.view(seat)).toEqual(played.view(seat));
    expect(resumed.log).toEqual(played.log);
    expect(resumed.answer(0)).toEqual(played.answer(0));
    expect(resumed.save()).toEqual(played.save());
  });

  test('a saved game of another version should be refused with a clear problem', () => {
    expect(Game.fromState(game.program, { ...game.save(), version: 3 } as unknown as SavedGame)).toMatchObject({ problems: [{ code: 'not-a-saved-game' }] });
  });
});
