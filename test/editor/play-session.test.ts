import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { runReplay } from '../../interpreter/cli/replay.ts';
import type { Io } from '../../interpreter/cli/io.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import { PlaySession, setupPreview } from '../../editor/play/play-session.ts';
import type { StartRequest } from '../../editor/play/protocol.ts';
import { replayRulesetPath } from '../../editor/play/replay-data.ts';
import { ROOT, importedFixture, shippedGame } from './helpers.ts';

const BOS = 'rulesets/battle-of-seattle/ruleset.yaml';

function capture(): Io & { text: string } {
  const io = { text: '', color: false, out: (t: string) => void (io.text += t), err: (t: string) => void (io.text += t) };
  return io;
}

function program(files: Record<string, string>, entry: string) {
  const r = compileEntry(files, entry);
  if (!r.ok) throw new Error(r.message);
  return r.program;
}

const bots = (request: Partial<StartRequest> = {}): StartRequest => ({ entry: BOS, setup: { seed: 'e2e', players: 2 }, seats: { p1: 'bot', p2: 'bot' }, seat: null, delay: 0, autoplay: true, ...request });

function playOut(s: PlaySession): void {
  for (let i = 0; i < 5000 && s.botToMove; i++) s.botStep();
}

describe('playtest session (the play worker job)', () => {
  test('the browser should compile a shipped game to the hash the command line computes', () => {
    const browser = program(shippedGame('battle-of-seattle'), BOS);
    const cli = programFor(join(ROOT, 'rulesets/battle-of-seattle'), capture());
    expect(typeof cli).not.toBe('number');
    expect(browser.hash).toBe((cli as typeof browser).hash);
  });

  test('a Battle of Seattle game with two bots should end, and its replay should verify with `rulesmith replay`', () => {
    const s = PlaySession.start(1, program(shippedGame('battle-of-seattle'), BOS), bots());
    if ('problems' in s) throw new Error(s.problems.join());
    playOut(s);
    const u = s.update();
    expect(u.status).toBe('ended');
    expect(u.result).toHaveProperty('winner');
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-replay-'));
    try {
      const file = join(dir, 'game.replay.json');
      writeFileSync(file, JSON.stringify(s.replayFile(replayRulesetPath(BOS))));
      const io = capture();
      expect(runReplay([file], io)).toBe(0);
      expect(io.text).toContain(`replay verified: ${u.decisions} decisions`);
      // The shipped files on disk are the same rules as the ones the replay carries.
      const disk = capture();
      expect(runReplay([file, '--ruleset', join(ROOT, replayRulesetPath(BOS))], disk)).toBe(0);
      expect(disk.text).toContain(`replay verified: ${u.decisions} decisions`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a replay of a variant that exists only in the browser should verify with `rulesmith replay` alone', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const s = PlaySession.start(1, program(files, path), bots({ entry: path, setup: { seed: 11 } }));
    if ('problems' in s) throw new Error(s.problems.join());
    playOut(s);
    const replay = s.replayFile(replayRulesetPath(path));
    // The files the rules were read from travel in the replay, exactly as they were.
    expect(replay.files?.[path]).toBe(files[path]);
    for (const [file, text] of Object.entries(replay.files ?? {})) expect(text).toBe(files[file]);
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-replay-'));
    try {
      const file = join(dir, 'variant.replay.json');
      writeFileSync(file, JSON.stringify(replay));
      const io = capture();
      expect(runReplay([file], io)).toBe(0);
      expect(io.text).toContain(`replay verified: ${s.game.state.decisions.length} decisions`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('undo should restart from setup without the last answer, and bots should answer the same again', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const p = program(files, path);
    const s = PlaySession.start(1, p, bots({ entry: path, setup: { seed: 7 } }));
    if ('problems' in s) throw new Error(s.problems.join());
    for (let i = 0; i < 3; i++) s.botStep();
    const third = s.game.state.decisions[2];
    const before = JSON.stringify(s.update().state);
    s.botStep();
    s.undo();
    expect(s.game.state.decisions).toHaveLength(3);
    expect(JSON.stringify(s.update().state)).toBe(before);
    expect(s.autoplay).toBe(false);
    expect(s.game.state.decisions[2]).toEqual(third);
    playOut(s);
    const again = PlaySession.start(2, p, bots({ entry: path, setup: { seed: 7 } }));
    if ('problems' in again) throw new Error(again.problems.join());
    playOut(again);
    expect(s.game.state.decisions).toEqual(again.game.state.decisions);
  });

  test('a broken invariant is told in the update, as declared, with where it is written', () => {
    const path = 'rulesets/templates/starter/ruleset.yaml';
    const text = readFileSync(join(ROOT, path), 'utf8');
    const start = (t: string) => {
      const s = PlaySession.start(1, program({ [path]: t }, path), bots({ entry: path, setup: { seed: 3 }, seats: { p1: 'human', p2: 'human' }, seat: 'p1' }));
      if ('problems' in s) throw new Error(s.problems.join());
      return s;
    };
    expect(start(text).update().invariant).toBeUndefined();
    // A designer adds a counter and forgets the total: the law no longer holds.
    const broken = start(text.replace('.losses == 7', '.losses == 8')).update().invariant!;
    expect(broken).toMatchObject({ id: 'counters_conserved', code: 'invariant-violated', file: path });
    expect(broken.text).toMatch(/^Counters made or destroyed: each side should have 7 in all\. Red has \{units\(red\)\}/);
    expect(broken.range!.start.line).toBe(text.split('\n').indexOf('  counters_conserved:') + 1);
  });

  test("an action menu whose costs differ says each action's cost under its name", () => {
    const dir = 'rulesets/templates/starter';
    const path = `${dir}/ruleset.yaml`;
    const files = { [path]: readFileSync(join(ROOT, path), 'utf8') };
    const s = PlaySession.start(1, program(files, path), bots({ entry: path, setup: { seed: 3 }, seats: { p1: 'human', p2: 'human' }, seat: 'p1' }));
    if ('problems' in s) throw new Error(s.problems.join());
    const q = s.update().pending!;
    expect(q.labels).toEqual(['March', 'Pass']);
    expect(q.details).toEqual(['1 point', null]);
  });

  test('a card says what it does in its owner\'s hand and question, and nothing of it reaches the other seat', () => {
    const dir = 'rulesets/templates/card-driven';
    const path = `${dir}/ruleset.yaml`;
    const files = { [path]: readFileSync(join(ROOT, path), 'utf8') };
    const s = PlaySession.start(1, program(files, path), bots({ entry: path, setup: { seed: 3 }, seats: { p1: 'human', p2: 'human' }, seat: 'p1' }));
    if ('problems' in s) throw new Error(s.problems.join());
    const mine = s.update();
    const hand = mine.state.zoneCards['hand@p1']!;
    expect(hand).toHaveLength(5);
    expect(hand.every((c) => c.name !== '?' && /^\d ops?\. /.test(c.text ?? ''))).toBe(true);
    // The headline: each option is a card of the hand, with its text beside it.
    const q = mine.pending!;
    expect(q.targets.every((t) => t?.kind === 'card')).toBe(true);
    expect(q.details).toEqual(q.labels.map((name) => hand.find((c) => c.name === name)!.text));
    s.seat = 'p2';
    const theirs = s.update();
    expect(theirs.state.zoneCards['hand@p1']).toEqual(Array.from({ length: 5 }, () => ({ name: '?' })));
    // Their own hand may hold a card of the same name; any other card of ours is nowhere in their update.
    const own = new Set(theirs.state.zoneCards['hand@p2']!.map((c) => c.name));
    const unseen = hand.filter((c) => !own.has(c.name));
    expect(unseen.length).toBeGreaterThan(0);
    const seen = JSON.stringify(theirs);
    for (const c of unseen) expect(seen).not.toContain(c.text);
  });

  test('a secret choice should be hidden from the other seat, and area and piece options should be board targets', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const s = PlaySession.start(1, program(files, path), bots({ entry: path, seats: { p1: 'human', p2: 'human' }, seat: 'p1' }));
    if ('problems' in s) throw new Error(s.problems.join());
    const pieceQuestion = s.update().pending!;
    expect(pieceQuestion.targets.every((t) => t?.kind === 'piece')).toBe(true);
    s.answer(0);
    const areaQuestion = s.update().pending!;
    expect(areaQuestion.prompt).toBe('March where?');
    expect(areaQuestion.targets.map((t) => t?.kind)).toEqual(['area', 'area']);
    expect(areaQuestion.at?.file).toBe(path);
    s.answer(0);
    s.answer(0);
    s.answer(0);
    // The plans phase: a secret choice by each player in turn.
    expect(s.game.pending?.secret).toBe(true);
    const decider = s.game.pending!.player;
    const other = decider === 'p1' ? 'p2' : 'p1';
    s.seat = other;
    expect(s.update().pending).toBeNull();
    expect(s.update().waiting).toMatchObject({ player: decider, secret: true });
    s.seat = decider;
    expect(s.update().pending?.prompt).toBe('Secret plan');
  });

  test('a seat should see the other side\'s hidden pieces only by alias, and a person should answer by the options as shown', () => {
    const DRAGUT = 'rulesets/dragut/ruleset.yaml';
    const s = PlaySession.start(1, program(shippedGame('dragut'), DRAGUT), bots({ entry: DRAGUT, setup: { seed: 'seat' }, seats: { p1: 'human', p2: 'bot' }, seat: 'p1' }));
    if ('problems' in s) throw new Error(s.problems.join());
    const idAt = (i: number) => (s.game.pending!.options[i] as { id?: string }).id;
    // The shown option that is not where the rules list it, if any.
    const moved = () => s.update().pending?.targets.findIndex((t, i) => t?.kind === 'piece' && t.id !== idAt(i)) ?? -1;
    // Bots answer; the Pirate (a person) moves whenever he can, until he is asked to pick among hidden units shown out of the rules' order.
    for (let i = 0; i < 2000 && s.game.pending && moved() < 0; i++) {
      if (s.botToMove) s.botStep();
      else s.answer(Math.max(0, s.game.pending.labels.indexOf('Move')));
    }
    const u = s.update();
    const sides = s.program.data.pieces as Record<string, { side?: string }>;
    const hidden = Object.entries(s.game.state.pieces).filter(([, p]) => p.hidden && sides[p.type]!.side === 'rapallini').map(([id]) => id);
    expect(hidden.length).toBeGreaterThan(10);
    expect(u.state.pieces.filter((p) => p.type === '?')).toHaveLength(hidden.length);
    expect(u.state.pieces.filter((p) => p.type === '?').every((p) => p.id.startsWith('hidden-'))).toBe(true);
    const shown = JSON.stringify(u);
    expect(hidden.filter((id) => shown.includes(`"${id}"`) || shown.includes(`(${id})`))).toEqual([]);
    // The question lists the Pirate's hidden units in shown order; the answer is recorded in the rules' order.
    const shownAt = moved();
    expect(shownAt).toBeGreaterThanOrEqual(0);
    const unit = u.pending!.targets[shownAt]!.id;
    const own = s.game.pending!.options.findIndex((_, i) => idAt(i) === unit);
    expect(s.answer(shownAt)).toBe(true);
    expect(s.game.state.decisions.at(-1)).toBe(own);
    // The line names the unit the rules moved, by its label (`Pirate (value 2) #1`).
    expect(s.game.log.filter((e) => e.kind === 'decision').at(-1)!.text.endsWith(`→ ${s.game.rt.label(s.game.rt.ref('piece', unit))}`)).toBe(true);
  });

  test('a replay that no longer fits the rules should say where it diverged', () => {
    const { path, files } = importedFixture('march', 'dragut');
    const s = PlaySession.start(1, program(files, path), bots({ entry: path, decisions: [0, 7] }));
    if ('problems' in s) throw new Error(s.problems.join());
    expect(s.note).toContain('diverged at decision 2 ("March where?")');
    expect(s.game.state.decisions).toHaveLength(1);
  });

  test('the setup preview should stop after setup, with pieces where setup put them (and facing on hexes)', () => {
    const { path, files } = importedFixture('hex', 'blue-max');
    const preview = setupPreview(program(files, path), { seed: 1 });
    if ('problems' in preview) throw new Error(preview.problems.join());
    expect(preview.state.round).toBe(0);
    const at = Object.fromEntries(preview.state.pieces.map((p) => [p.id, `${p.at}/${p.facing}`]));
    expect(at).toEqual({ red_tank_1: 'hex:2,2/1', red_tank_2: 'hex:2,4/2', blue_tank_1: 'hex:7,3/4', blue_tank_2: 'hex:7,5/5' });
  });
});
