/** Terminal play a person can follow: the set-up summed up, no bookkeeping, the board, the result in words. */
import { describe, expect, test } from 'vitest';
import { main } from '../../interpreter/cli/main.ts';
import { resultText } from '../../interpreter/cli/play-text.ts';
import { Game, compileRuleset, loadRuleset, playWith, RandomAgent } from '../../interpreter/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptRules } from '../helpers/ruleset.ts';

const DUEL = 'test/fixtures/runtime/duel';

async function playPiped(argv: string[], input: string[]) {
  let out = '';
  async function* lines() { for (const l of input) yield l; }
  const code = await main(argv, { out: (t) => { out += t; }, err: (t) => { out += t; }, color: false, lines: () => lines() });
  return { code, out };
}

function duelGame(): Game {
  const { model } = loadRuleset(DUEL, nodeHost);
  const program = compileRuleset(model!);
  if (!('data' in program)) throw new Error('duel should compile');
  const game = Game.start(program, { seed: '3', options: {} });
  if (!(game instanceof Game)) throw new Error('duel should start');
  return game;
}

describe('rulesmith play --bots', () => {
  test('a seat can be any agent spec, an mcts one with several options included', async () => {
    const r = await playPiped(['play', 'test/fixtures/runtime/nim', '--bots', 'p1,p2=mcts:iterations=5,depth=3'], []);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/Game over: \w+ wins/);
    const bad = await playPiped(['play', 'test/fixtures/runtime/nim', '--bots', 'p2=mcts:iterations=5,speed=2'], []);
    expect(bad.code).toBe(2);
    expect(bad.out).toContain("--bots speed=2");
  });
});

describe('rulesmith play, as a person reads it', () => {
  test('the set-up should be a short summary of where pieces went, not a line per piece', async () => {
    const r = await playPiped(['play', 'rulesets/blockade-runner', '--bots', 'p2'], ['quit']);
    const before = r.out.slice(0, r.out.indexOf('\n[round'));
    expect(before).toMatch(/^Set-up: \d+ pieces placed, \d+ track values set/);
    expect(before.split('\n').length).toBeLessThan(25);
    // Named variables read by their names; the rest of the rules' variables are not shown.
    expect(before).toContain('Player colour (Player 1) = red');
    expect(before).not.toMatch(/^ {2}· [a-z_]+( \([^)]*\))? = /m);
    // 'log' still has every line.
    const full = await playPiped(['play', 'rulesets/blockade-runner', '--bots', 'p2'], ['log', 'quit']);
    // An area's track by the area's name, as moves name places.
    expect(full.out).toMatch(/Port defense \(Norfolk, VA\): 0 → 1/);
  }, 60_000);

  test('two people at one terminal: the second is not shown the set-up, or any line, the first was just shown', async () => {
    const r = await playPiped(['play', 'rulesets/blue-max'], ['1', '1', '1', '1', 'quit']);
    // Every aircraft goes into play in the set-up: summed up once, not listed for the second seat.
    expect(r.out.match(/^Set-up: 18 pieces placed/gm)).toHaveLength(1);
    expect(r.out).not.toContain('into play → Aircraft not chosen');
    // p1's answer is printed for p1 and not again in the lines before p2's next question.
    expect(r.out.match(/Allies: Setup step 3: choose your aircraft → Nieuport 24/g)).toHaveLength(1);
    // Each seat still sees its own private values (fuel is on its own record sheet only).
    expect(r.out).toContain('Fuel reserve (Nieuport 24 #1): 0 → 45');
    expect(r.out).toContain('Fuel reserve (Fokker Dr.I #1): 0 → 40');
  }, 60_000);

  test('unnamed variables should stay out of the log a person reads', async () => {
    const played = playWith(duelGame().program, { seed: '3', options: {} }, new RandomAgent('bots'));
    if (!('game' in played)) throw new Error('duel should play');
    const game = played.game;
    // The rules do write `last_bid = …` lines (so the check below means something) …
    expect(game.log.some((e) => e.kind === 'change' && (e.data as { variable?: string } | undefined)?.variable === 'last_bid')).toBe(true);
    // … and a person playing the same game reads none of them.
    const r = await playPiped(['play', DUEL, '--seed', '3', '--bots', 'p2'], [...Array(80).fill('1'), 'log']);
    expect(r.out).toContain('Play an order');
    expect(r.out).not.toContain('last_bid');
    expect(r.out).not.toContain('plans =');
  }, 60_000);

  test("'board' should list each place with its pieces by name, and the tracks with their owners", async () => {
    const r = await playPiped(['play', DUEL, '--seed', '3'], ['board', 'quit']);
    // Each deck's piles by their size (the draw pile's order stays hidden).
    expect(r.out).toContain('Board:\n  hill: soldier ×2\n  Barracks: soldier\nCards:\n  hand (Red): rally ×2\n  hand (Blue): hidden card ×2\n  orders: 0 to draw, 0 discarded\nTracks:\n  score: Red 0, Blue 0\n  tension: 0');
    // Moves name places by their names too.
    expect(r.out).toContain('soldier #3: into play → Barracks');
  });

  test("'board' should list the cards the seat may see by name and the others' as hidden, then ask the question again", async () => {
    const r = await playPiped(['play', 'rulesets/dragut', '--seed', '3', '--bots', 'p2=random'], ['board', 'quit']);
    const board = r.out.slice(r.out.indexOf('Board:'));
    expect(board).toMatch(/^Cards:\n {2}Hand \(Pirates\): [A-Z][^\n?]+\n {2}Hand \(Rapallini\): hidden card ×3\n {2}Pirate Event Cards: 5 to draw, 0 discarded\n {2}Rapallino Event Cards: 4 to draw, 0 discarded$/m);
    // Hidden units by what the seat may call them.
    expect(board).toContain('Lungomare (centre): hidden piece ×');
    expect(board).not.toMatch(/: \?/);
    // The question and its options again, below what the command printed.
    expect(board.slice(board.indexOf('Tracks:'))).toMatch(/\n\[round 1 · 1\. Card step\] Pirates: Choose an Event Card[^\n]*\n {2}1\. /);
  }, 60_000);

  test("on a hex map, 'board' should list hexes and per-piece tracks of the pieces on the map only", async () => {
    const r = await playPiped(['play', 'rulesets/blue-max', '--bots', 'p2'], ['1', '1', '1', 'board', 'quit']);
    const board = r.out.slice(r.out.indexOf('Board:'), r.out.indexOf('\n> ', r.out.indexOf('Board:')));
    // A hex by its label, as the board prints it and the maneuver options name it (`3S3 → 0301`).
    expect(board).toMatch(/^ {2}hex \d{4}: Nieuport 24$/m);
    expect(board).toContain('Fuel reserve: Nieuport 24 #1 45');
    // Pieces off the map (in zones, in the box) and values the seat may not see are left out.
    expect(board).not.toMatch(/ready_marker|\?/);
  }, 60_000);

  test("'map' should list every hex that differs with its terrain and the rest once; 'board' should note a place's terrain", async () => {
    const r = await playPiped(['play', 'rulesets/templates/hex-and-counter', '--bots', 'p2', '--seed', '3'], ['map', 'quit']);
    const map = r.out.slice(r.out.indexOf('Map:'), r.out.indexOf('\n\n', r.out.indexOf('Map:')));
    expect(map.split('\n').slice(0, 3)).toEqual(['Map:', '  every other hex: clear, move_cost 1, defense 0, town false', '  hex 0302: woods, move_cost 2, defense 1']);
    expect(map).toContain('  hex 0403: town, defense 1, town true');
    expect(map).toContain('  hexside 0401/0501: stream true');
    // An area map: each area by name, with its type and props.
    const bos = await playPiped(['play', 'rulesets/battle-of-seattle', '--bots', 'p2', '--seed', '3'], ['map', 'board', 'quit']);
    expect(bos.out).toContain('  Convention Center [downtown core, exposure 5]');
    // The board notes a hex's own terrain; an area's name says what it is.
    expect(bos.out.slice(bos.out.indexOf('Board:'))).not.toContain('[downtown core');
    const moved = await playPiped(['play', 'test/fixtures/runtime/hex-terrain', '--seed', '1'], ['board', 'quit']);
    expect(moved.out).toMatch(/^ {2}hex 0202 \[woods, move_cost 2\]: Scout$/m);
    expect(moved.out).toMatch(/^ {2}hex 0101: Scout$/m);
  }, 60_000);

  test('a variable written again with the value it had should wait behind `log all`, as in the editor', async () => {
    const r = await playPiped(['play', 'test/fixtures/runtime/rewrites', '--seed', '1'], ['log', 'log all', 'quit']);
    const shown = r.out.split('\n> ');
    const lines = (i: number) => shown[i]!.split('\n').filter((l) => l.startsWith('  · Mood'));
    expect(lines(0)).toEqual(['  · Mood = calm', '  · Mood = angry']);
    expect(lines(1)).toEqual(['  · Mood = calm', '  · Mood = angry']);
    expect(lines(2)).toEqual(['  · Mood = calm', '  · Mood = calm', '  · Mood = angry']);
  }, 60_000);

  test('a question with previews should name where each option ends (Blue Max maneuvers: code → hex)', async () => {
    // p1 picks its aircraft, start hex and facing; the bot flies p2; then p1's maneuver choice.
    const r = await playPiped(['play', 'rulesets/blue-max', '--bots', 'p2'], ['1', '1', '1', 'quit']);
    const question = r.out.slice(r.out.lastIndexOf('\n[round'));
    expect(question).toMatch(/: Turn 1: maneuver for /);
    expect(question).toMatch(/^ {2}\d+\. 3S3 → \d{4} — straight, speed 3, fuel 3, Forward$/m);
    // Every maneuver names its end hex, or that it leaves the field, and says what its code means
    // (the preview's note); other questions name none.
    const options = question.split('\n').filter((l) => /^ {2}\d+\. /.test(l));
    expect(options.length).toBeGreaterThan(5);
    for (const l of options) expect(l).toMatch(/ → (\d{4}|off the map) — (straight|turns (left|right) \d+°|turns about \(180°\)|slips (left|right) \(Sideslip\)|spin), speed \d, fuel \d/);
    expect(r.out.slice(0, r.out.indexOf('Turn 1: maneuver'))).not.toContain('→ off the map');
    expect(r.out).toMatch(/Setup step 3: choose your aircraft\n {2}1\. Nieuport 24\n/);
  }, 60_000);

  test('action prompts should show the points left after each action spent its cost', async () => {
    const r = await playPiped(['play', 'rulesets/blockade-runner', '--bots', 'p2'], Array(400).fill('1'));
    const left = [...r.out.matchAll(/^\[round 1 · Actions\] Player 1: Choose an action \((\d+) points? left\)$/gm)].map((m) => Number(m[1]));
    // Four actions a turn at two players; every action Player 1 takes first costs 1 (cost 0 ones stay possible at 0).
    expect(left).toEqual([4, 3, 2, 1, 0]);
  }, 60_000);

  test('an action menu whose costs differ should say each action\'s cost beside its name', async () => {
    const r = await playPiped(['play', 'rulesets/templates/starter', '--bots', 'p2'], Array(3).fill('1'));
    // March costs 1 and Attack 2 (offered once a target is in reach): each is said, in points.
    expect(r.out).toMatch(/Choose an action \(3 points left\)\n {2}1\. March \(1 point\)\n {2}2\. Pass\n/);
  }, 60_000);

  test("what happens after a person's last question should be read before game over", async () => {
    // The bot takes the last stone after First's last answer: that move was never printed before.
    const r = await playPiped(['play', 'test/fixtures/runtime/nim', '--bots', 'p2', '--seed', '1'], Array(50).fill('1'));
    const tail = r.out.slice(r.out.lastIndexOf('Take how many stones?\n'));
    expect(tail).toMatch(/· First: Take how many stones\? → 1\n {2}· take — Second\n {2}· Second: Take how many stones\? → 1\n\nGame over: Second wins \(Last stone\)\.\n$/);
    // Said once: the game's own last line is the "Game over" below, not a line of the log.
    expect(r.out.match(/Game over/g)).toHaveLength(1);
  });

  test('every seat a bot: the terminal should watch the game as a spectator, hands unseen', async () => {
    // It printed "Game over" alone: a designer watching two bots saw nothing of the game.
    const r = await playPiped(['play', DUEL, '--seed', '1', '--bots', 'p1,p2'], []);
    expect(r.out).toMatch(/^ {2}· soldier #1: into play → hill\n/);
    expect(r.out).toContain('  · Draw from orders into hand (Red): hidden card, hidden card\n');
    expect(r.out).toContain('  · Red: Choose an action (2 points left) → Attack\n');
    // The last move (Blue's attack) comes before the result, and the result is said once.
    expect(r.out).toMatch(/ {2}· score \(Blue\): 1 → 3\n\nGame over: Red wins \(Points\)\.\n$/);
    expect(r.out.match(/Game over/g)).toHaveLength(1);
    // Each line once.
    const lines = r.out.split('\n').filter((l) => l.startsWith('  · '));
    expect(lines.length).toBeGreaterThan(80);
  });

  test('a game that asks the person nothing should still be read before its result', async () => {
    // It printed "Game over" alone: the lines went to no one, as no question showed them.
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-play-'));
    writeFileSync(join(dir, 'ruleset.yaml'), scriptRules('no_questions', '', 'log "The storm passes: {1 + 1} ships lost"'));
    const r = await playPiped(['play', dir], []);
    expect(r.out).toBe('  · main\n  · The storm passes: 2 ships lost\n\nGame over: Red wins (done).\n');
  });

  test('game over should be said in words, with the winner by name', async () => {
    const r = await playPiped(['play', DUEL, '--seed', '1', '--bots', 'p1,p2'], []);
    expect(r.out).toMatch(/\nGame over: Red wins \(Points\)\.\n$/);
    const game = duelGame();
    expect(resultText(game, { winner: ['red', 'blue'], level: 'Shared victory', wealth: 60 })).toBe('Red and Blue share the win (Shared victory; wealth 60).');
    expect(resultText(game, { winner: null, level: 'Draw' })).toBe('No one wins (Draw).');
    expect(resultText(game, { winner: 'p2' })).toMatch(/^.+ wins\.$/);
  });
});

describe('rulesmith play, when the game stops on an error', () => {
  test('names the place with its column, and gives the hint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-stop-'));
    writeFileSync(join(dir, 'ruleset.yaml'), [
      'rulesmith: 1',
      'id: stop',
      'name: Stop',
      'players: { min: 1, max: 1 }',
      'flow:',
      '  phases:',
      '    - id: p',
      '      do: |',
      '        let delivered = { shipwrights: 0 }',
      '        let guild = "coopers"',
      '        delivered[guild] += 1',
      'victory: { do: "end game with { winner: none }" }',
      '',
    ].join('\n'));
    const r = await playPiped(['play', dir], []);
    expect(r.out).toContain(`The game stopped: type-mismatch: \`delivered["coopers"]\` is none: the record has no field \`coopers\` (its fields: shipwrights), so \`+=\` has no number to change. (${join(dir, 'ruleset.yaml')}:11:9)\n  hint: Give the record every key`);
  });
});
