import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { runCli } from './run-cli.ts';
import { BROKEN, WARNS } from './ruleset-texts.ts';

const CLEAN = `rulesmith: 1
id: tiny
name: Tiny
tables:
  t:
    roll: 1d6
    rows: { 1-6: ok }
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rulesmith-cli-'));
  for (const [name, text] of Object.entries({ clean: CLEAN, broken: BROKEN, warns: WARNS })) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'ruleset.yaml'), text);
  }
});

describe('rulesmith validate', () => {
  test('a clean ruleset should exit 0 with a summary', async () => {
    const r = await runCli(['validate', join(dir, 'clean')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('1 ruleset file checked: 0 errors, 0 warnings');
  });

  test('an error should exit 1 and print file:line:col, code, a code frame and a hint', async () => {
    const r = await runCli(['validate', join(dir, 'broken')]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(dir, 'broken', 'ruleset.yaml')}:7:5 - error table-gap: No row covers \`6\`.`);
    expect(r.out).toMatch(/> 7 \|     rows:\n\s+\|     \^+/);
    expect(r.out).toContain('hint: ');
  });

  test('warnings should exit 0, or 1 with --strict', async () => {
    expect((await runCli(['validate', join(dir, 'warns')])).code).toBe(0);
    const strict = await runCli(['validate', join(dir, 'warns'), '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.out).toContain('warning table-unreachable-row');
  });

  test('--format json should print the diagnostics as a JSON array', async () => {
    const r = await runCli(['validate', join(dir, 'broken'), '--format', 'json']);
    const diags = JSON.parse(r.out);
    expect(diags).toEqual([
      expect.objectContaining({ severity: 'error', code: 'table-gap', file: join(dir, 'broken', 'ruleset.yaml'), range: { start: { line: 7, column: 5 }, end: { line: 7, column: 9 } } }),
    ]);
    expect(diags[0].hint).toBeTypeOf('string');
  });

  test('--format github should print one workflow command per diagnostic', async () => {
    const r = await runCli(['validate', dir, '--format', 'github']);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error file=.*broken\/ruleset\.yaml,line=7,col=5,endLine=7,endColumn=9,title=table-gap::No row covers `6`\./);
    expect(lines[1]).toMatch(/^::warning file=.*warns\/ruleset\.yaml,line=9,col=7,.*title=table-unreachable-row::/);
  });

  test('a folder of rulesets should check each one', async () => {
    const r = await runCli(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('3 ruleset files checked: 1 error, 1 warning');
  });

  test('a misspelt path should be answered with the close name', async () => {
    const typo = await runCli(['validate', join(dir, 'claen')]);
    expect([typo.code, typo.err]).toEqual([2, `rulesmith validate: cannot find '${join(dir, 'claen')}' (did you mean '${join(dir, 'clean')}'?)\n`]);
    const deep = await runCli(['validate', join(dir, 'brokne', 'rulset.yaml')]);
    expect(deep.err).toContain(`(did you mean '${join(dir, 'broken', 'ruleset.yaml')}'?)`);
  });

  test('a named folder with no ruleset should fail, and in github format say so as an annotation', async () => {
    // A CI step pointed at the wrong folder went green, its only word on stderr, which a pull request does not show.
    const none = mkdtempSync(join(tmpdir(), 'rulesmith-none-'));
    const r = await runCli(['validate', join(dir, 'clean'), none, '--format', 'github']);
    expect(r.code).toBe(2);
    expect(r.out).toBe(`::error title=rulesmith validate::no ruleset in '${none}': no ruleset.yaml, and no .yaml file with a top-level \`rulesmith:\` or \`extends:\` (a variant) in it or below\n`);
    expect(r.err).toContain(`rulesmith validate: no ruleset in '${none}'`);
    const missing = await runCli(['validate', join(dir, 'nope'), '--format', 'github']);
    expect(missing.out).toContain(`::error title=rulesmith validate::cannot find '${join(dir, 'nope')}'`);
  });

  test('validate without a path, where there is no rulesets/ folder, should say what it looked for', () => {
    const r = spawnSync(process.execPath, [join(import.meta.dirname, '../../bin/rulesmith.js'), 'validate'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("rulesmith validate: cannot find 'rulesets', the folder it reads when given none: name your rulesets' folder or files (rulesmith validate rules/)\n");
  });

  test('a misspelt option or agent should be answered with the one meant, on every command', async () => {
    const cases: Array<[string[], string]> = [
      [['simulate', join(dir, 'clean'), '--agnets', 'normal'], "rulesmith simulate: unknown option '--agnets' (did you mean --agents?)"],
      [['tournament', join(dir, 'clean'), '--agents', 'normal', '--gmes', '2'], "rulesmith tournament: unknown option '--gmes' (did you mean --games?)"],
      [['odds', join(dir, 'clean'), '--exct', '1d6'], "rulesmith odds: unknown option '--exct' (did you mean --exact?)"],
      [['simulate', join(dir, 'clean'), '--agents', 'nromal'], "unknown agent 'nromal' (did you mean normal?)"],
      [['validate', dir, '-q'], "rulesmith validate: unknown option '-q'"],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err, argv.join(' ')).toContain(message);
      expect(r.err).not.toContain('positional argument');
    }
  });

  test('usage and I/O errors should exit 2 with a message and no stack trace', async () => {
    const missing = await runCli(['validate', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`cannot find '${join(dir, 'nope')}'`);
    const format = await runCli(['validate', dir, '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.err).toContain('--format must be text, json, github or sarif');
    const flag = await runCli(['validate', '--bogus']);
    expect(flag.code).toBe(2);
    expect(flag.err).not.toMatch(/\n\s+at /);
    const command = await runCli(['frobnicate']);
    expect(command.code).toBe(2);
    expect(command.err).toContain("unknown command 'frobnicate'");
  });

  test('validating should never modify the input files', async () => {
    const file = join(dir, 'broken', 'ruleset.yaml');
    const before = readFileSync(file);
    await runCli(['validate', file]);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  test('the installed binary should run through npx with the same exit codes', () => {
    const root = join(import.meta.dirname, '../..');
    const ok = spawnSync('npx', ['--no-install', 'rulesmith', 'validate', join(dir, 'clean')], { cwd: root, encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('0 errors');
    const bad = spawnSync('npx', ['--no-install', 'rulesmith', 'validate', join(dir, 'broken'), '--format', 'github'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('::error file=');
  });
});
