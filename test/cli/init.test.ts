/**
 * `rulesmith init <folder>`: a new game from a template that validates, plays and simulates as
 * written, never written over an existing file, with its schema modeline pointing at a schema
 * that exists where the game is.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateEntry } from '../../interpreter/cli/validate.ts';
import { runCli } from './run-cli.ts';

const ROOT = resolve(import.meta.dirname, '../..');
let work: string;
let cwd: string;

/** Run the CLI in `dir` (init prints paths relative to where it runs). */
async function inDir<T>(dir: string, f: () => Promise<T>): Promise<T> {
  process.chdir(dir);
  try { return await f(); } finally { process.chdir(cwd); }
}

const modeline = (file: string) => /^# yaml-language-server: \$schema=(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1];

beforeAll(() => {
  cwd = process.cwd();
  work = mkdtempSync(join(tmpdir(), 'rulesmith-init-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('rulesmith init', () => {
  test('should write a game that validates clean, with the folder\'s id and the name asked for, and say what to run next', async () => {
    const project = join(work, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    const r = await inDir(project, () => runCli(['init', 'rules/night-raid', '--name', 'Night Raid: 1805']));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Created rules/night-raid/, a new game "Night Raid: 1805" (id night_raid) from the starter template:');
    expect(r.out).toContain('  rules/night-raid/ruleset.yaml\n  rules/night-raid/variants/long-campaign.yaml\nChecked: 0 errors, 0 warnings.');
    expect(r.out).toContain('  npx rulesmith play rules/night-raid --bots p2=normal\n');
    expect(r.out).toContain('  npx rulesmith diff rules/night-raid rules/night-raid/variants/long-campaign.yaml --odds --simulate 200\n');
    const entry = join(project, 'rules/night-raid/ruleset.yaml');
    const variant = join(project, 'rules/night-raid/variants/long-campaign.yaml');
    const text = readFileSync(entry, 'utf8');
    expect(text).toMatch(/^id: night_raid$/m);
    expect(text).toMatch(/^name: "Night Raid: 1805"$/m);
    expect(readFileSync(variant, 'utf8')).toMatch(/^id: night_raid_long_campaign$/m);
    expect(readFileSync(variant, 'utf8')).toMatch(/^name: "Night Raid: 1805 – long campaign"$/m);
    // Everything else as the template has it, comments included.
    const template = readFileSync(join(ROOT, 'rulesets/templates/starter/ruleset.yaml'), 'utf8');
    expect(text.split('\n').slice(1).filter((l) => !/^(id|name):/.test(l))).toEqual(template.split('\n').slice(1).filter((l) => !/^(id|name):/.test(l)));
    for (const file of [entry, variant]) expect(validateEntry(file).diagnostics).toEqual([]);
    // No rulesmith installed in this project: the modeline names where `npm install` will put it, and init says so.
    expect(modeline(entry)).toBe('../../node_modules/rulesmith/grammar/ruleset.schema.json');
    expect(modeline(variant)).toBe('../../../node_modules/rulesmith/grammar/ruleset.schema.json');
    expect(r.out).toContain('npm install --save-dev rulesmith');
  });

  test('--template picks another template: a hex wargame with its variant, validating clean', async () => {
    const project = join(work, 'hex');
    mkdirSync(join(project, '.git'), { recursive: true });
    const r = await inDir(project, () => runCli(['init', 'rules/hex-war', '--template', 'hex-and-counter']));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Created rules/hex-war/, a new game "Hex war" (id hex_war) from the hex-and-counter template:');
    expect(r.out).toContain('Checked: 0 errors, 0 warnings.');
    expect(readFileSync(join(project, 'rules/hex-war/variants/bloody-odds.yaml'), 'utf8')).toMatch(/^name: Hex war – bloody odds$/m);
  });

  test('a game for more than two: the next step plays it at its default number of players, every seat but the first a bot', async () => {
    const project = join(work, 'ffa');
    mkdirSync(join(project, '.git'), { recursive: true });
    const r = await inDir(project, () => runCli(['init', 'rules/guilds', '--template', 'free-for-all']));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('Checked: 0 errors, 0 warnings.');
    // It was `--bots p2=normal`, which left Player 3 to a person.
    expect(r.out).toContain('  # play it against bots\n  npx rulesmith play rules/guilds --players 3 --bots p2=normal,p3=normal\n');
  });

  test('should point the modeline at an installed rulesmith\'s schema, from each file\'s folder', async () => {
    const project = join(work, 'installed');
    const schema = join(project, 'node_modules/rulesmith/grammar/ruleset.schema.json');
    mkdirSync(dirname(schema), { recursive: true });
    writeFileSync(schema, '{}');
    mkdirSync(join(project, '.git'));
    const r = await inDir(project, () => runCli(['init', 'games/deep/skirmish']));
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('npm install');
    for (const file of ['games/deep/skirmish/ruleset.yaml', 'games/deep/skirmish/variants/long-campaign.yaml']) {
      const path = join(project, file);
      expect(resolve(dirname(path), modeline(path)!)).toBe(schema);
    }
    expect(readFileSync(join(project, 'games/deep/skirmish/ruleset.yaml'), 'utf8')).toMatch(/^name: Skirmish$/m);
  });

  test('in this repository, a game\'s modeline names the repository\'s own schema', async () => {
    const dir = join('test-artifacts', `init-${process.pid}`);
    try {
      const r = await runCli(['init', join(dir, 'mine')]);
      expect(r.code).toBe(0);
      const entry = join(ROOT, dir, 'mine/ruleset.yaml');
      expect(resolve(dirname(entry), modeline(entry)!)).toBe(join(ROOT, 'grammar/ruleset.schema.json'));
    } finally {
      rmSync(join(ROOT, dir), { recursive: true, force: true });
    }
  });

  test('should write nothing over an existing file, and say which', async () => {
    const project = join(work, 'again');
    mkdirSync(join(project, 'game/variants'), { recursive: true });
    writeFileSync(join(project, 'game/variants/long-campaign.yaml'), 'mine\n');
    const r = await inDir(project, () => runCli(['init', 'game']));
    expect(r.code).toBe(2);
    expect(r.err).toBe("rulesmith init: game/variants/long-campaign.yaml exists already; nothing was written. Choose a new folder (or move it away).\n");
    expect(existsSync(join(project, 'game/ruleset.yaml'))).toBe(false);
    expect(readFileSync(join(project, 'game/variants/long-campaign.yaml'), 'utf8')).toBe('mine\n');
    // A folder that holds other files is fine.
    rmSync(join(project, 'game/variants/long-campaign.yaml'));
    writeFileSync(join(project, 'game/NOTES.md'), 'notes\n');
    expect((await inDir(project, () => runCli(['init', 'game']))).code).toBe(0);
    expect(readFileSync(join(project, 'game/NOTES.md'), 'utf8')).toBe('notes\n');
  });

  test('should refuse what it cannot make a game of, with the reason and no stack trace', async () => {
    const project = join(work, 'bad');
    mkdirSync(project);
    writeFileSync(join(project, 'afile'), 'x');
    const cases: Array<[string[], string]> = [
      [['init'], 'Usage: rulesmith init <folder>'],
      [['init', 'a', 'b'], 'Usage: rulesmith init <folder>'],
      [['init', 'game', '--template', 'startr'], "rulesmith init: no template 'startr' (did you mean starter?). Templates:\n  starter          A two-side game"],
      [['init', 'afile'], "rulesmith init: 'afile' is a file; name a folder for the new game.\n"],
      [['init', '1805'], "rulesmith init: cannot make a ruleset id from the folder name '1805': name the folder with a letter first (my-game).\n"],
      [['init', 'game', '--nmae', 'x'], "unknown option '--nmae' (did you mean --name?)"],
    ];
    for (const [argv, message] of cases) {
      const r = await inDir(project, () => runCli(argv));
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(message);
    }
    expect((await runCli(['init', '--help'])).out).toContain('Writes no file that exists already.');
    // The templates, the index's first (the default) first, each with what it is.
    const list = await runCli(['init', '--template', 'list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^Templates \(rulesmith init <folder> --template NAME\):\n  starter +A two-side game.*\n  hex-and-counter +A hex-and-counter wargame/);
  });
});
