import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Game, RandomAgent, type Program, type SavedGame } from '../../interpreter/index.ts';
import type { Io } from '../../interpreter/cli/io.ts';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { runPlay } from '../../interpreter/cli/play.ts';
import { runReplay } from '../../interpreter/cli/replay.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import { PlaySession, SNAPSHOT_LIMIT, type SessionOptions } from '../../editor/play/play-session.ts';
import type { StartRequest } from '../../editor/play/protocol.ts';
import { replayRulesetPath } from '../../editor/play/replay-data.ts';
import { ROOT, importedFixture, shippedGame } from './helpers.ts';

const BOS = 'rulesets/battle-of-seattle/ruleset.yaml';

function program(files: Record<string, string>, entry: string): Program {
  const r = compileEntry(files, entry);
  if (!r.ok) throw new Error(r.message);
  return r.program;
}

const bos = program(shippedGame('battle-of-seattle'), BOS);
const bots = (request: Partial<StartRequest> = {}): StartRequest => ({ entry: BOS, setup: { seed: 'save', players: 2 }, seats: { p1: 'bot', p2: 'bot' }, seat: null, delay: 0, autoplay: true, ...request });

function session(request: Partial<StartRequest> = {}, options: SessionOptions = {}, rules = bos): PlaySession {
  const s = PlaySession.start(1, rules, bots(request), options);
  if ('problems' in s) throw new Error(s.problems.join());
  return s;
}

/** What the user sees of a session (board, log, question, counts), without the game's id or whether bots run). */
function seen(s: PlaySession): string {
  const { game: _id, autoplay: _autoplay, ...rest } = s.update();
  return JSON.stringify(rest);
}

/** Bot answers, recording what was seen before each (`seenAt[n]`: with n answers given). */
function botSteps(s: PlaySession, n: number, seenAt: string[] = []): string[] {
  for (let i = 0; i < n && s.botToMove; i++) {
    seenAt[s.game.state.decisions.length] = seen(s);
    s.botStep();
  }
  seenAt[s.game.state.decisions.length] = seen(s);
  return seenAt;
}

function capture(): Io & { text: string } {
  const io = { text: '', color: false, out: (t: string) => void (io.text += t), err: (t: string) => void (io.text += t) };
  return io;
}

/** Answer both games with the same bots until `steps` answers or the end; they must stay equal. */
function playOnTogether(a: Game, b: Game, steps: number): void {
  for (let i = 0; i < steps && a.pending; i++) {
    const answer = new RandomAgent(`together:${i}`).choose(a.pending);
    expect(a.answer(answer).ok).toBe(true);
    expect(b.answer(answer).ok).toBe(true);
  }
  expect(JSON.stringify(b.save({ log: false }))).toBe(JSON.stringify(a.save({ log: false })));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('playtest undo from snapshots', () => {
  test('undo after many decisions should put back the game as it was, without starting it again or replaying an answer', () => {
    const s = session();
    const seenAt = botSteps(s, 40);
    expect(s.game.state.decisions).toHaveLength(40);
    expect(s.undoable).toBe(40);
    const started = vi.spyOn(Game, 'start');
    const answered = vi.spyOn(Game.prototype, 'answer');
    const forked = vi.spyOn(Game.prototype, 'fork');
    for (let n = 39; n >= 30; n--) {
      s.undo();
      expect(s.game.state.decisions).toHaveLength(n);
      expect(seen(s)).toBe(seenAt[n]);
    }
    expect(started).not.toHaveBeenCalled();
    expect(answered).not.toHaveBeenCalled();
    expect(forked).not.toHaveBeenCalled();
    expect(s.undoable).toBe(30);
    // Bots go on from there as they did before (their seeds are the decision's number).
    answered.mockRestore();
    botSteps(s, 10);
    expect(seen(s)).toBe(seenAt[40]);
  });

  test(`undo should keep the last ${SNAPSHOT_LIMIT} answers by default, and past the snapshots replay from a fork of the start, filling them again`, () => {
    const s = session({}, { snapshots: 4 });
    const seenAt = botSteps(s, 12);
    expect(s.undoable).toBe(4);
    const started = vi.spyOn(Game, 'start');
    const answered = vi.spyOn(Game.prototype, 'answer');
    for (let n = 11; n >= 8; n--) s.undo();
    expect(answered).not.toHaveBeenCalled();
    expect(s.undoable).toBe(0);
    s.undo();
    // The answers up to decision 7 are replayed on a copy of the game at start; setup is not run again.
    expect(started).not.toHaveBeenCalled();
    expect(answered).toHaveBeenCalledTimes(7);
    expect(seen(s)).toBe(seenAt[7]);
    expect(s.undoable).toBe(4);
    answered.mockClear();
    s.undo();
    expect(answered).not.toHaveBeenCalled();
    expect(seen(s)).toBe(seenAt[6]);
    expect(s.autoplay).toBe(false);
    expect(session().undoable).toBe(0);
    const long = session();
    botSteps(long, SNAPSHOT_LIMIT + 5);
    expect(long.undoable).toBe(SNAPSHOT_LIMIT);
  });

  test('restart should go back to the game at setup without starting it again, and bots should play the same game', () => {
    const s = session();
    const seenAt = botSteps(s, 25);
    const decisions = [...s.game.state.decisions];
    const started = vi.spyOn(Game, 'start');
    s.restart();
    expect(started).not.toHaveBeenCalled();
    expect(s.undoable).toBe(0);
    expect(seen(s)).toBe(seenAt[0]);
    botSteps(s, 25);
    expect(s.game.state.decisions).toEqual(decisions);
    expect(seen(s)).toBe(seenAt[25]);
    // The copy kept for restarts was not played on.
    s.restart();
    expect(seen(s)).toBe(seenAt[0]);
  });

  test('a refused answer should keep no snapshot, and undo should take back a person\'s answer', () => {
    const s = session({ seats: { p1: 'human', p2: 'human' }, seat: 'p1', autoplay: false });
    const first = seen(s);
    expect(s.answer(99)).toBe(false);
    expect(s.undoable).toBe(0);
    expect(s.answer(0)).toBe(true);
    expect(s.undoable).toBe(1);
    s.undo();
    expect(s.undoable).toBe(0);
    expect(seen(s)).toBe(first);
  });
});

describe('playtest saved games', () => {
  test('a saved game should resume in a new session as it was saved, without replaying, and play on the same', () => {
    const s = session({ setup: { seed: 'resume', players: 2 } });
    botSteps(s, 30);
    const file = s.replayFile(replayRulesetPath(BOS), { save: true });
    expect(file.game).toMatchObject({ format: 'rulesmith-game', rules: bos.hash, status: 'waiting' });
    expect(file.game!.log!.entries.length).toBeGreaterThan(0);
    expect(file.decisions).toHaveLength(30);
    const started = vi.spyOn(Game, 'start');
    const answered = vi.spyOn(Game.prototype, 'answer');
    const resumed = session({ setup: file.setup, decisions: file.decisions, game: JSON.parse(JSON.stringify(file.game)) as SavedGame });
    expect(started).not.toHaveBeenCalled();
    expect(answered).not.toHaveBeenCalled();
    expect(resumed.note).toBeUndefined();
    expect(seen(resumed)).toBe(seen(s));
    started.mockRestore();
    answered.mockRestore();
    botSteps(s, 30);
    botSteps(resumed, 30);
    expect(seen(resumed)).toBe(seen(s));
    // Undo in a resumed game reaches back past the save by replaying from setup.
    for (let i = 0; i < 31; i++) resumed.undo();
    expect(resumed.game.state.decisions).toEqual(s.game.state.decisions.slice(0, 29));
  });

  test('a saved game of other rules should replay its answers instead, and say so', () => {
    const s = session({ setup: { seed: 'other', players: 2 } });
    botSteps(s, 10);
    const file = s.replayFile(replayRulesetPath(BOS), { save: true });
    const files = shippedGame('battle-of-seattle');
    const edited = program({ ...files, [BOS]: files[BOS]!.replace('name: The Battle of Seattle', 'name: The Battle of Seattle (edited)') }, BOS);
    expect(edited.hash).not.toBe(bos.hash);
    const replayed = session({ setup: file.setup, decisions: file.decisions, game: file.game }, {}, edited);
    expect(replayed.note).toContain('The saved game could not be resumed');
    expect(replayed.note).toContain('10 answers were replayed instead');
    expect(replayed.game.state.decisions).toEqual(file.decisions);
  });

  test('a game saved in the editor\'s session should resume with Game.fromState in Node (and the CLI) and play on identically', async () => {
    const s = session({ setup: { seed: 'to-node', players: 2 } });
    botSteps(s, 20);
    const file = s.replayFile(replayRulesetPath(BOS), { save: true });
    const node = programFor(join(ROOT, 'rulesets/battle-of-seattle'), capture());
    if (typeof node === 'number') throw new Error('the shipped ruleset did not load');
    expect(node.hash).toBe(bos.hash);
    const resumed = Game.fromState(node, JSON.parse(JSON.stringify(file.game)) as SavedGame);
    if (!(resumed instanceof Game)) throw new Error(resumed.problems.map((p) => p.message).join());
    expect(resumed.pending?.prompt).toBe(s.game.pending?.prompt);
    expect(resumed.log.map((e) => e.text)).toEqual(s.game.log.map((e) => e.text));
    playOnTogether(s.game, resumed, 40);

    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-save-'));
    try {
      const path = join(dir, 'game.json');
      writeFileSync(path, JSON.stringify(file));
      const replay = capture();
      expect(runReplay([path], replay)).toBe(0);
      expect(replay.text).toContain('replay verified up to decision 20: the game waits for');
      const play = capture();
      const input = ['1', 'quit'];
      async function* lines() { for (const l of input) yield l; }
      expect(await runPlay(['--load', path, '--save', join(dir, 'on.json')], { ...play, lines: () => lines() })).toBe(0);
      expect(play.text).toContain(`Resumed ${path}: 20 decisions played`);
      const on = JSON.parse(readFileSync(join(dir, 'on.json'), 'utf8')) as { decisions: unknown[] };
      expect(on.decisions.slice(0, 20)).toEqual(file.decisions);
      expect(on.decisions).toHaveLength(21);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a loaded replay should be checked against its recorded digest, as rulesmith replay checks it', () => {
    const s = session({ setup: { seed: 'digest', players: 2 } });
    botSteps(s, 12);
    const file = s.replayFile(replayRulesetPath(BOS));
    expect(file.digest).toMatch(/^[0-9a-f]{16}$/);
    const humans = { seats: { p1: 'human', p2: 'human' }, autoplay: false, setup: file.setup, decisions: file.decisions } as const;
    expect(session({ ...humans, digest: file.digest }).update().note).toBe('Verified: the 12 answers lead to the game recorded.');
    // The same answers with another recorded digest: an edited file (or other rules) is named as such.
    const edited = session({ ...humans, digest: '0000000000000000' }).update().note;
    expect(edited).toMatch(/^The answers do not lead to the game recorded \(digest \w+, recorded 0000000000000000\)/);
  });

  test('a game saved in Node with game.save() should be loaded by the session and play on identically', () => {
    const node = programFor(join(ROOT, 'rulesets/battle-of-seattle'), capture());
    if (typeof node === 'number') throw new Error('the shipped ruleset did not load');
    const game = Game.start(node, { seed: 'from-node', players: 2 });
    if (!(game instanceof Game)) throw new Error('setup refused');
    for (let i = 0; i < 15; i++) game.answer(new RandomAgent(`node:${i}`).choose(game.pending!));
    // Saved as `rulesmith play --save` saves: without the log.
    const saved = JSON.parse(JSON.stringify(game.save({ log: false }))) as SavedGame;
    const answered = vi.spyOn(Game.prototype, 'answer');
    const s = session({ setup: saved.setup, decisions: saved.state.decisions, game: saved, seats: { p1: 'human', p2: 'human' }, seat: game.pending!.player, autoplay: false });
    expect(answered).not.toHaveBeenCalled();
    answered.mockRestore();
    expect(s.note).toBeUndefined();
    const u = s.update();
    expect(u.decisions).toBe(15);
    expect(u.pending?.prompt).toBe(game.pending!.prompt);
    expect(u.pending?.labels).toEqual(game.view(game.pending!.player).pending!.labels);
    playOnTogether(game, s.game, 40);
    // What happens after the load is logged in the browser.
    expect(s.update().log.length).toBeGreaterThan(0);
  });
});
