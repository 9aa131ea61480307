/**
 * `rulesmith profile` (interpreter/cli/profile.ts) says where the rules spend their time; the
 * runtime's hooks (runtime/profile.ts) must not change the games played.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { RulesProfile } from '../../interpreter/runtime/profile.ts';
import { scriptName } from '../../interpreter/cli/profile.ts';
import { loadProgram } from '../helpers/ruleset.ts';
import { runCli } from './run-cli.ts';

const SKIRMISH = 'test/bench/skirmish';

describe('rulesmith profile', () => {
  test('should name the scripts the games ran, with calls and shares, the slowest first', async () => {
    const r = await runCli(['profile', SKIRMISH, '--games', '20', '--top', '40']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Profile of test\/bench\/skirmish: 20 games with random agents in [\d.]+ s\./);
    // The action menu asks for every unit's targets: the procedure, located in its file.
    expect(r.out).toMatch(/ procedure targets {2}\(test\/bench\/skirmish\/ruleset\.yaml:\d+\)/);
    expect(r.out).toContain('action attack: options of unit');
    expect(r.out).toContain('phase muster: do');
    expect(r.out).toContain('the flow: phases, action menus, questions');
    const selfs = [...r.out.matchAll(/^\s+([\d.]+)%\s+[\d.]+%/gm)].map((m) => Number(m[1]));
    expect(selfs.length).toBeGreaterThan(5);
    expect(selfs).toEqual([...selfs].sort((a, b) => b - a));
    expect(selfs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100.5);
  });

  test('--json should give every script with its calls and times', async () => {
    const r = await runCli(['profile', SKIRMISH, '--games', '5', '--json']);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out) as { games: number; scripts: Array<{ name: string; calls: number; selfMs: number; totalMs: number; at: string | null }> };
    expect(data.games).toBe(5);
    const targets = data.scripts.find((s) => s.name === 'procedure targets')!;
    expect(targets.calls).toBeGreaterThan(0);
    expect(targets.totalMs).toBeGreaterThanOrEqual(targets.selfMs);
    // The flow is pushed once per game.
    expect(data.scripts.find((s) => s.name.startsWith('the flow'))!.calls).toBe(5);
  });

  test('a set-up written as one script should be named `setup` (it read `setup undefined:`)', () => {
    const program = loadProgram('rulesets/templates/starter');
    expect(typeof program.data.setup).toBe('string');
    expect(scriptName(program, ['setup'])).toBe('setup');
    expect(scriptName(loadProgram('rulesets/blue-max'), ['setup', 0, 'do'])).toBe('setup aircraft: do');
  });

  test('should refuse bad arguments with the usage, exit 2', async () => {
    for (const args of [['profile'], ['profile', SKIRMISH, '--games', '0'], ['profile', SKIRMISH, '--top', 'x'], ['profile', SKIRMISH, '--agents', 'wizard']]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('rulesmith profile:');
    }
  });
});

describe('RulesProfile', () => {
  test('profiling should not change the games played', () => {
    const program = loadProgram('rulesets/dragut');
    for (const seed of [1, 2, 3]) {
      const plain = playWith(program, { seed }, new RandomAgent(seed), { log: 'full' });
      const profiled = playWith(program, { seed }, new RandomAgent(seed), { log: 'full', profile: new RulesProfile() });
      if ('problems' in plain || 'problems' in profiled) throw new Error('setup refused');
      expect(profiled.decisions).toEqual(plain.decisions);
      expect(profiled.game.log.map((e) => e.text)).toEqual(plain.game.log.map((e) => e.text));
    }
  });

  test('a recursive script should count its total once, from its outermost call', () => {
    let t = 0;
    const p = new RulesProfile(() => t);
    p.enter('f'); t += 1; p.enter('f'); t += 2; p.enter('g'); t += 4; p.leave(); p.leave(); t += 8; p.leave();
    const f = p.entries.get('f')!;
    const g = p.entries.get('g')!;
    expect(f).toMatchObject({ calls: 2, self: 11, total: 15 });
    expect(g).toMatchObject({ calls: 1, self: 4, total: 4 });
  });
});
