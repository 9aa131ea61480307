/**
 * Escape attempts, as an attacker sharing a ruleset or a replay would make them: the file outside
 * the ruleset's folder must be refused with a positioned `include-outside-root` and nothing of it
 * may reach any output format (it would land in a CI log others read).
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';

/** Valid ruleset content, so a silent merge would show up as clean output, plus tell-tale text. */
const SECRET = `# TOKEN-7f3a9c-DO-NOT-PRINT
tables:
  leaked_token_table:
    roll: 1d6
    rows: { 1-6: TOKEN-7f3a9c }
`;
const MARKERS = ['TOKEN-7f3a9c', 'leaked_token_table', 'DO-NOT-PRINT'];

const entry = (extra: string) => `rulesmith: 1
id: shared
name: Shared
tables:
  t:
    roll: 1d6
    rows: { 1-6: ok }
${extra}`;

let dir: string;
let secret: string;

function ruleset(name: string, text: string, files: Record<string, string> = {}): string {
  const folder = join(dir, name);
  mkdirSync(join(folder, 'variants'), { recursive: true });
  writeFileSync(join(folder, 'ruleset.yaml'), text);
  for (const [f, t] of Object.entries(files)) writeFileSync(join(folder, f), t);
  return folder;
}

/** Validate in all three formats; every one must exit `code` and print none of the secret. */
async function validateAll(path: string, code: number, ...extra: string[]): Promise<Record<string, string>> {
  const outs: Record<string, string> = {};
  for (const format of ['text', 'json', 'github']) {
    const r = await runCli(['validate', path, '--format', format, ...extra]);
    const printed = r.out + r.err;
    expect(r.code, `${format}: ${printed}`).toBe(code);
    for (const m of MARKERS) expect(printed, `${format} output`).not.toContain(m);
    outs[format] = printed;
  }
  return outs;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rulesmith-escape-'));
  secret = join(dir, 'tokens.yaml');
  writeFileSync(secret, SECRET);
});

describe('include and extends stay inside the ruleset root', () => {
  test('an absolute include path should be refused on its line', async () => {
    const folder = ruleset('absolute', entry(`include:\n  - ${secret}\n`));
    const outs = await validateAll(folder, 1);
    expect(outs.text).toContain('ruleset.yaml:9:5 - error include-outside-root');
    expect(outs.github).toContain('line=9,col=5,');
    expect(JSON.parse(outs.json!)).toMatchObject([{ code: 'include-outside-root', range: { start: { line: 9, column: 5 } }, hint: expect.stringContaining('--root') }]);
  });

  test('a ../ chain out of the folder should be refused', async () => {
    const folder = ruleset('dotdot', entry('include: [../tokens.yaml]\n'));
    const outs = await validateAll(folder, 1);
    expect(outs.text).toContain('ruleset.yaml:8:11 - error include-outside-root');
  });

  test('a symlink inside the folder that points outside should be refused', async () => {
    const folder = ruleset('link-out', entry('include: [parts.yaml]\n'));
    symlinkSync(secret, join(folder, 'parts.yaml'));
    const outs = await validateAll(folder, 1);
    expect(outs.text).toContain('error include-outside-root: `parts.yaml` leads outside');
  });

  test('a symlinked folder on the way out should be refused', async () => {
    const folder = ruleset('dir-link', entry('include: [up/tokens.yaml]\n'));
    symlinkSync(dir, join(folder, 'up'));
    await validateAll(folder, 1);
  });

  test('a symlink that stays inside the folder should be allowed', async () => {
    const folder = ruleset('link-in', entry('include: [alias.yaml]\n'), { 'real.yaml': 'tables:\n  u:\n    roll: 1d6\n    rows: { 1-6: fine }\n' });
    symlinkSync('real.yaml', join(folder, 'alias.yaml'));
    const r = await runCli(['validate', folder]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.out).toContain('0 errors');
  });

  test('extends outside the folder should be refused, for a variant file too', async () => {
    const folder = ruleset('extends-out', entry(''));
    writeFileSync(join(folder, 'variants', 'v.yaml'), 'rulesmith: 1\nname: V\nextends: ../../tokens.yaml\n');
    writeFileSync(join(folder, 'variants', 'abs.yaml'), `rulesmith: 1\nname: V\nextends: ${secret}\n`);
    const outs = await validateAll(folder, 1);
    expect(outs.text).toContain('v.yaml:3:10 - error include-outside-root');
    expect(outs.text).toContain('abs.yaml:3:10 - error include-outside-root');
  });

  test("a variant's extends: ../ruleset.yaml stays inside (the ruleset folder is its root)", async () => {
    const folder = ruleset('variant-ok', entry(''));
    writeFileSync(join(folder, 'variants', 'ok.yaml'), 'rulesmith: 1\nname: V\nextends: ../ruleset.yaml\nset:\n  tables.t.rows: { 1-6: changed }\n');
    const r = await runCli(['validate', folder]);
    expect(r.code, r.out + r.err).toBe(0);
  });

  test('a link in variants/ pointing outside should be refused as an entry', async () => {
    const folder = ruleset('variant-link', entry(''));
    symlinkSync(secret, join(folder, 'variants', 'evil.yaml'));
    const outs = await validateAll(folder, 1);
    expect(outs.text).toContain('evil.yaml:1:1 - error include-outside-root');
  });

  test('a declared --root should allow files shared between rulesets', async () => {
    mkdirSync(join(dir, 'family', 'common'), { recursive: true });
    writeFileSync(join(dir, 'family', 'common', 'shared.yaml'), 'tables:\n  s:\n    roll: 1d6\n    rows: { 1-6: shared }\n');
    const folder = join(dir, 'family', 'game');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'ruleset.yaml'), entry('include: [../common/shared.yaml]\n'));
    expect((await runCli(['validate', folder])).code).toBe(1);
    const r = await runCli(['validate', folder, '--root', join(dir, 'family')]);
    expect(r.code, r.out + r.err).toBe(0);
    // The declared root is still a boundary.
    writeFileSync(join(folder, 'ruleset.yaml'), entry('include: [../common/shared.yaml, ../../tokens.yaml]\n'));
    await validateAll(folder, 1, '--root', join(dir, 'family'));
  });

  test('commands that run a ruleset refuse the same way', async () => {
    const folder = ruleset('run-out', entry('include: [../tokens.yaml]\n'));
    for (const argv of [['simulate', folder, '--games', '1'], ['play', folder], ['odds', folder, '1d6'], ['diff', folder, folder]]) {
      const r = await runCli(argv);
      expect(r.code, argv[0]).toBe(1);
      expect(r.err).toContain('include-outside-root');
      for (const m of MARKERS) expect(r.out + r.err).not.toContain(m);
    }
  });
});

describe('replays read nothing outside', () => {
  const base = { format: 'rulesmith-replay', version: 1, hash: 'h', setup: { seed: 1 }, decisions: [], result: null };
  const replay = (name: string, data: object): string => {
    const path = join(dir, 'replays', name);
    mkdirSync(join(dir, 'replays'), { recursive: true });
    writeFileSync(path, JSON.stringify({ ...base, ...data }));
    return path;
  };
  const expectRefused = async (path: string) => {
    const r = await runCli(['replay', path]);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.err).toContain('include-outside-root');
    for (const m of MARKERS) expect(r.out + r.err).not.toContain(m);
  };

  test('a replay naming a ruleset at an absolute path outside should be refused', async () => {
    await expectRefused(replay('abs.json', { ruleset: secret }));
  });

  test('a replay naming a ruleset by ../ outside should be refused', async () => {
    await expectRefused(replay('up.json', { ruleset: '../../tokens.yaml' }));
  });

  test('a replay carrying a file at a path outside should be refused', async () => {
    await expectRefused(replay('carried-abs.json', { ruleset: 'g/ruleset.yaml', files: { 'g/ruleset.yaml': entry(''), [secret]: SECRET } }));
    await expectRefused(replay('carried-up.json', { ruleset: 'g/ruleset.yaml', files: { 'g/ruleset.yaml': entry(''), 'g/../../x.yaml': SECRET } }));
  });

  test('carried rules that include a path outside should be refused by the loader', async () => {
    const r = await runCli(['replay', replay('carried-include.json', { ruleset: 'g/ruleset.yaml', files: { 'g/ruleset.yaml': entry(`include: [${secret}]\n`) } })]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('g/ruleset.yaml:8:11 - error include-outside-root');
    for (const m of MARKERS) expect(r.out + r.err).not.toContain(m);
  });
});
