/**
 * Replays are tamper-evident and portable (issue 12, item 7): an edited answer fails even when the
 * winner stays the same, an unfinished game verifies up to its last answer, and a saved game
 * verifies from any working folder.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { main } from '../../interpreter/cli/main.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { recordedRulesetPath } from '../../interpreter/cli/replay.ts';
import { Game, compileRuleset, createMemoryHost, gameDigest, loadRuleset, replayFile, type Program } from '../../interpreter/index.ts';
import { runCli } from './run-cli.ts';

const DUEL = 'test/fixtures/runtime/duel';
const ROOT = join(import.meta.dirname, '../..');

function program(): Program {
  return compileRuleset(loadRuleset(DUEL, nodeHost).model!);
}

/** The game the answers lead to, or undefined when one of them is refused. */
function play(p: Program, setup: { seed: string | number; options?: Record<string, unknown> }, decisions: unknown[]): Game | undefined {
  const game = Game.start(p, setup, { log: 'none' });
  if (!(game instanceof Game)) return undefined;
  for (const d of decisions) if (!game.pending || !game.answer(d).ok) return undefined;
  return game;
}

describe('tamper evidence', () => {
  test('changing one answer should fail verification even when the game ends with the same result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-tamper-'));
    await runCli(['simulate', DUEL, '--games', '3', '--seed', '4', '--replays', dir]);
    const p = program();
    let edited: { file: string; at: number } | undefined;
    for (const name of readdirSync(dir).sort()) {
      const replay = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      // The latest answer with another legal choice that leaves the game's result as it was.
      for (let i = replay.decisions.length - 1; i >= 0 && !edited; i--) {
        const before = play(p, replay.setup, replay.decisions.slice(0, i));
        const req = before?.pending;
        if (!req || req.kind !== 'one') continue;
        for (let a = 0; a < req.options.length && !edited; a++) {
          if (a === replay.decisions[i]) continue;
          const decisions = [...replay.decisions];
          decisions[i] = a;
          const after = play(p, replay.setup, decisions);
          if (!after || after.status !== 'ended' || JSON.stringify(after.result) !== JSON.stringify(replay.result)) continue;
          const file = join(dir, `edited-${name}`);
          writeFileSync(file, JSON.stringify({ ...replay, decisions }));
          edited = { file, at: i + 1 };
        }
      }
      if (edited) break;
    }
    expect(edited, 'an answer that can change without changing the winner').toBeDefined();
    const r = await runCli(['replay', edited!.file]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^diverged: after \d+ decisions the game is not the one recorded \(digest \w+, recorded \w+\)/);
  });

  test('a recorded result changed by hand should fail too, and a replay without a digest should say what was checked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-tamper-'));
    await runCli(['simulate', DUEL, '--games', '1', '--seed', '4', '--replays', dir]);
    const file = join(dir, 'game-00001.json');
    const replay = JSON.parse(readFileSync(file, 'utf8'));
    expect(replay.digest).toMatch(/^[0-9a-f]{16}$/);
    const ok = await runCli(['replay', file]);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).not.toContain('no digest');
    writeFileSync(join(dir, 'result.json'), JSON.stringify({ ...replay, result: { winner: 'nobody' } }));
    expect((await runCli(['replay', join(dir, 'result.json')])).code).toBe(1);
    const { digest: _, ...old } = replay;
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    const legacy = await runCli(['replay', join(dir, 'old.json')]);
    expect(legacy.code).toBe(0);
    expect(legacy.out).toContain('(the file records no digest: only the answers and the result were checked)');
  });
});

describe('unfinished games', () => {
  const files = { 'duel/ruleset.yaml': readFileSync(join(DUEL, 'ruleset.yaml'), 'utf8') };

  test('a replay that stops while the game waits should verify up to its last decision; cut shorter, it should not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-unfinished-'));
    const p = compileRuleset(loadRuleset('duel', createMemoryHost(files)).model!);
    const setup = { seed: 7, options: {} };
    const game = Game.start(p, setup);
    if (!(game instanceof Game)) throw new Error('setup refused');
    for (let i = 0; i < 4 && game.pending; i++) game.answer(game.pending.kind === 'number' ? game.pending.min : game.pending.kind === 'one' ? 0 : Array.from({ length: game.pending.min }, (_, k) => k));
    expect(game.status).toBe('waiting');
    const replay = replayFile('duel', p, setup, game.state.decisions, game.result, { embed: true, digest: gameDigest(game) });
    writeFileSync(join(dir, 'unfinished.json'), JSON.stringify(replay));
    const r = await runCli(['replay', join(dir, 'unfinished.json')]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain(`replay verified up to decision 4: the game waits for ${game.pending!.player}`);
    writeFileSync(join(dir, 'cut.json'), JSON.stringify({ ...replay, decisions: replay.decisions.slice(0, 3) }));
    const cut = await runCli(['replay', join(dir, 'cut.json')]);
    expect(cut.code).toBe(1);
    expect(cut.out).toContain('diverged: after 3 decisions the game is not the one recorded');
  });
});

describe('saved games and replays work from any folder', () => {
  test('a game saved by play should verify when replay runs in another folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rulesmith-anywhere-'));
    const saves = join(dir, 'saves');
    mkdirSync(saves);
    const input = ['1', '1', 'quit'];
    async function* lines() { for (const l of input) yield l; }
    const code = await main(['play', DUEL, '--seed', '3', '--bots', 'p2', '--save', join(saves, 'game.json')], { out: () => {}, err: () => {}, color: false, lines: () => lines() });
    expect(code).toBe(0);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/rulesmith.js'), 'replay', 'game.json'], { cwd: saves, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^replay verified up to decision \d+: the game waits for p1/);
  });

  test('the ruleset path a replay records is relative to the replay file', () => {
    expect(recordedRulesetPath(DUEL, 'out/games/game-00001.json')).toBe(`../../${DUEL}`);
    expect(recordedRulesetPath('rulesets/dragut', 'game.json')).toBe('rulesets/dragut');
  });

  test('a file that is missing, a folder or not JSON should be said in one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-bad-'));
    const text = join(dir, 'notes.json');
    writeFileSync(text, 'not json\n');
    expect(await runCli(['replay', join(dir, 'none.json')])).toEqual({ code: 2, out: '', err: `rulesmith replay: cannot find '${join(dir, 'none.json')}'\n` });
    expect(await runCli(['replay', dir])).toEqual({ code: 2, out: '', err: `rulesmith replay: '${dir}' is a folder, not a replay file\n` });
    const bad = await runCli(['play', '--load', text]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(new RegExp(`^rulesmith play: '${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' is not JSON \\(.+\\); a replay is what 'rulesmith simulate --replays' or 'rulesmith play --save' writes\\n$`));
    expect(bad.err.split('\n')).toHaveLength(2);
  });
});
