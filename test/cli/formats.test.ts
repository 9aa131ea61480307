/**
 * validate's CI formats (issue 14, item 4): SARIF 2.1.0 checked against the official schema,
 * GitHub annotations and SARIF paths relative to the repository root from any folder, and
 * usage or I/O errors printed as JSON or SARIF when that format was asked for.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, test } from 'vitest';
import { gitRoot, repoRelative, respellFiles } from '../../interpreter/cli/repo-paths.ts';
import { formatText } from '../../interpreter/cli/format.ts';
import type { Diagnostic } from '../../interpreter/index.ts';
import { runCli } from './run-cli.ts';
import { BROKEN, WARNS } from './ruleset-texts.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/rulesmith.js');

/**
 * The OASIS SARIF 2.1.0 schema (final, "rtm.5"), as @microsoft/jest-sarif ships it. It declares
 * draft-04; ajv reads draft-07, which means the same for this schema as long as it uses no
 * draft-04-only form (boolean exclusiveMinimum/Maximum), which the first test checks.
 */
const SARIF_SCHEMA_TEXT = readFileSync(join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8');

function sarifValidator() {
  const { $schema: _draft, id, ...rest } = JSON.parse(SARIF_SCHEMA_TEXT) as { id: string } & Record<string, unknown>;
  // unicodeRegExp off: the schema's `language` pattern (`…-[a-zA-Z]{2}]?$`) is valid only without the u flag.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  // The formats the schema uses, checked rather than ignored.
  ajv.addFormat('uri', (s: string) => URL.canParse(s));
  ajv.addFormat('uri-reference', (s: string) => URL.canParse(s, 'http://base.invalid/'));
  ajv.addFormat('date-time', (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s));
  return ajv.compile({ $id: id, ...rest });
}


/** A fake repository: `.git` marks its root; the rulesets sit two folders down. */
let repo: string;
beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'rulesmith-repo-'));
  mkdirSync(join(repo, '.git'));
  for (const [name, text] of Object.entries({ broken: BROKEN, warns: WARNS })) {
    mkdirSync(join(repo, 'games', name), { recursive: true });
    writeFileSync(join(repo, 'games', name, 'ruleset.yaml'), text);
  }
});

describe('--format sarif', () => {
  const validate = sarifValidator();

  test('the schema should use no draft-04-only keyword form (so draft-07 reads it the same)', () => {
    expect(SARIF_SCHEMA_TEXT).not.toMatch(/"exclusive(Minimum|Maximum)"\s*:\s*(true|false)/);
    expect(JSON.parse(SARIF_SCHEMA_TEXT).title).toContain('2.1.0');
  });

  test('should print a SARIF 2.1.0 log that the official schema accepts, one result per diagnostic', async () => {
    const r = await runCli(['validate', join(repo, 'games'), '--format', 'sarif']);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.out);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe('rulesmith');
    expect(run.results.map((x: { ruleId: string; level: string }) => [x.ruleId, x.level])).toEqual([['table-gap', 'error'], ['table-unreachable-row', 'warning']]);
    // Run from this repository, the temporary folder is outside it: an absolute file URI.
    expect(run.results[0].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: pathToFileURL(join(repo, 'games/broken/ruleset.yaml')).href }, region: { startLine: 7, startColumn: 5, endLine: 7, endColumn: 9 } });
    expect(run.invocations[0].executionSuccessful).toBe(true);
  });

  test('each rule should link its help to its section of docs/diagnostics.md', async () => {
    const r = await runCli(['validate', join(repo, 'games'), '--format', 'sarif']);
    const rules = JSON.parse(r.out).runs[0].tool.driver.rules as Array<{ id: string; helpUri: string }>;
    const headings = new Set([...readFileSync(join(ROOT, 'docs/diagnostics.md'), 'utf8').matchAll(/^### (\S+)$/gm)].map((m) => m[1]));
    expect(rules.map((x) => x.id)).toEqual(['table-gap', 'table-unreachable-row']);
    for (const rule of rules) {
      expect(rule.helpUri).toMatch(new RegExp(`/docs/diagnostics\\.md#${rule.id}$`));
      expect(headings.has(rule.id), rule.id).toBe(true);
    }
  });

  test('a usage or I/O error should still print a valid SARIF log, marked unsuccessful (exit 2)', async () => {
    for (const argv of [['validate', join(repo, 'nope'), '--format', 'sarif'], ['validate', '--format=sarif', '--bogus']]) {
      const r = await runCli(argv);
      expect(r.code).toBe(2);
      const log = JSON.parse(r.out);
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
      expect(log.runs[0].invocations[0]).toMatchObject({ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error' }] });
      expect(log.runs[0].results).toEqual([]);
    }
  });
});

describe('paths relative to the repository root', () => {
  test('gitRoot should find the folder holding .git above a subfolder, and nothing outside a repository', () => {
    expect(gitRoot(join(repo, 'games', 'broken'))).toBe(repo);
    expect(repoRelative('ruleset.yaml', join(repo, 'games', 'broken'))).toBe('games/broken/ruleset.yaml');
    expect(repoRelative(join(repo, 'games', 'warns', 'ruleset.yaml'), join(repo, 'games'))).toBe('games/warns/ruleset.yaml');
    // No repository: relative to the working folder.
    expect(repoRelative('x/ruleset.yaml', '/somewhere', undefined)).toBe('x/ruleset.yaml');
    // A file outside the repository: relative to the working folder too.
    expect(repoRelative('/elsewhere/r.yaml', '/repo/sub', '/repo')).toBe('../../elsewhere/r.yaml');
  });

  test('github and sarif should name files from the repository root when run from a subfolder', () => {
    const cwd = join(repo, 'games', 'broken');
    const github = spawnSync(process.execPath, [BIN, 'validate', '.', '../warns', '--format', 'github'], { cwd, encoding: 'utf8' });
    expect(github.status).toBe(1);
    expect(github.stdout).toContain('::error file=games/broken/ruleset.yaml,line=7,col=5,');
    expect(github.stdout).toContain('::warning file=games/warns/ruleset.yaml,line=9,col=7,');
    const sarif = spawnSync(process.execPath, [BIN, 'validate', 'ruleset.yaml', '--format', 'sarif'], { cwd, encoding: 'utf8' });
    const run = JSON.parse(sarif.stdout).runs[0];
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'games/broken/ruleset.yaml', uriBaseId: '%SRCROOT%' });
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(repo).href}/`);
  });

  test('respellFiles should respell whole file names only, in messages and hints', () => {
    const d: Diagnostic = { severity: 'error', code: 'x', file: 'a/x.yaml', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } }, message: 'At a/x.yaml:3:4, not b/a/x.yaml or a/x.yaml.bak.', hint: 'See a/x.yaml.' };
    const [out] = respellFiles([d], ['b/a/x.yaml'], (f) => `r/${f}`);
    expect(out!.message).toBe('At r/a/x.yaml:3:4, not r/b/a/x.yaml or a/x.yaml.bak.');
    expect(out!.hint).toBe('See r/a/x.yaml.');
    expect(out!.file).toBe('a/x.yaml');
  });

  test('the files a message names should be spelt as its file=, from the repository root', () => {
    const base = 'rulesmith: 1\nid: rm\nname: Rm\nsides: { red: { name: Red } }\nplayers: { min: 1, max: 1 }\ntables:\n  jam: { roll: 1d6, rows: { 1-4: working, 5-6: jammed } }\nflow:\n  phases:\n    - id: main\n      do: |\n        let r = roll on jam\n        end game with { winner: red, level: r }\n';
    mkdirSync(join(repo, 'games', 'removes', 'variants'), { recursive: true });
    writeFileSync(join(repo, 'games', 'removes', 'ruleset.yaml'), base);
    writeFileSync(join(repo, 'games', 'removes', 'variants', 'v.yaml'), 'rulesmith: 1\nid: rm_v\nextends: ../ruleset.yaml\nremove: [tables.jam]\n');
    const cwd = join(repo, 'games');
    const github = spawnSync(process.execPath, [BIN, 'validate', 'removes', '--format', 'github'], { cwd, encoding: 'utf8' });
    expect(github.stdout).toContain("::error file=games/removes/ruleset.yaml,line=12,col=25,endLine=12,endColumn=28,title=unknown-name::Unknown name `jam`. The variant's `remove: tables.jam` (games/removes/variants/v.yaml:4:10) removed it");
    expect(github.stdout).toContain('title=removed-still-used::`remove: tables.jam` takes away `jam`, which the base still uses at games/removes/ruleset.yaml:12:25.');
    const sarif = spawnSync(process.execPath, [BIN, 'validate', 'removes', '--format', 'sarif'], { cwd, encoding: 'utf8' });
    const texts = (JSON.parse(sarif.stdout).runs[0].results as Array<{ message: { text: string } }>).map((r) => r.message.text).join('\n');
    expect(texts).toContain('(games/removes/variants/v.yaml:4:10)');
    expect(texts).toContain('base still uses at games/removes/ruleset.yaml:12:25.');
    // Text names them as the command line did.
    const text = spawnSync(process.execPath, [BIN, 'validate', 'removes'], { cwd, encoding: 'utf8' });
    expect(text.stdout).toContain('(removes/variants/v.yaml:4:10)');
  });
});

describe('--format json and usage or I/O errors', () => {
  test('should print the error as JSON on stdout (exit 2), however the format is given', async () => {
    const cases: Array<[string[], string]> = [
      [['validate', join(repo, 'nope'), '--format', 'json'], `cannot find '${join(repo, 'nope')}'`],
      [['validate', '--format=json', '--bogus'], "unknown option '--bogus'"],
      [['validate', '--format=json', '--strct'], "unknown option '--strct' (did you mean --strict?)"],
      [['validate', repo, '--format', 'json', '--max-warnings', 'many'], '--max-warnings takes a whole number'],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      const body = JSON.parse(r.out);
      expect(body.error.exitCode).toBe(2);
      expect(body.error.message).toContain(message);
      expect(r.err).toBe('');
    }
  });

  test('text stays the default: the same errors go to stderr as words', async () => {
    const r = await runCli(['validate', join(repo, 'nope')]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain(`rulesmith validate: cannot find '${join(repo, 'nope')}'`);
  });
});

describe('the text format\'s code frame', () => {
  const diag = (line: number, column: number, endColumn: number): Diagnostic => ({ severity: 'error', code: 'wrong-arity', message: 'm', file: 'f.yaml', range: { start: { line, column }, end: { line, column: endColumn } } });
  test('a mark far along a long line should be shown with the text before it cut, the caret under it', () => {
    const long = `${'x'.repeat(170)}steal()${'y'.repeat(20)}`;
    const text = formatText([diag(2, 171, 178)], () => `a\n${long}\nb`);
    const lines = text.split('\n');
    const marked = lines.find((l) => l.startsWith('> 2 | '))!;
    const caret = lines[lines.indexOf(marked) + 1]!;
    expect(marked.slice(6)).toMatch(/^…x+steal\(\)y+$/);
    expect(caret.slice(6)).toBe(`${' '.repeat(marked.slice(6).indexOf('steal'))}^^^^^^^`);
    // A mark near the start is framed as before.
    const short = formatText([diag(1, 1, 2)], () => 'abc');
    expect(short).toContain('> 1 | abc\n    | ^');
  });
});
