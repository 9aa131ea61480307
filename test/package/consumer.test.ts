/**
 * The published package, as a designer's repository gets it (issue 14, items 1–2): `npm pack` the
 * way a release would (`prepare` builds lib/), install the tarball into a fresh consumer project
 * with no devDependencies, and run the CLI and the library there. Needs the npm registry for
 * rulesmith's runtime dependencies (ajv, chevrotain, yaml).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { codeFingerprint, FINGERPRINT_FILE } from '../../interpreter/cli/game-cache.ts';

const ROOT = join(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SLOW = 240_000;

/** What `npm pack` reads; copied so that packing (which rebuilds lib/) leaves this checkout alone. */
const PACKAGE_SOURCES = ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.lib.json', 'bin', 'grammar', 'interpreter', 'docs', 'rulesets/templates'];

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: SLOW });
  if (r.error) throw r.error;
  return r;
}

let work: string;
let consumer: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'rulesmith-pack-'));
  const stage = join(work, 'stage');
  for (const name of PACKAGE_SOURCES) cpSync(join(ROOT, name), join(stage, name), { recursive: true });
  // The build needs TypeScript (a devDependency): borrow this checkout's.
  symlinkSync(join(ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
  const pack = run(NPM, ['pack', '--json', '--pack-destination', work], stage);
  expect(pack.status, pack.stderr).toBe(0);
  const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(work, info!.filename);
  files = info!.files.map((f) => f.path).sort();

  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  const install = run(NPM, ['install', tarball, '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock'], consumer);
  expect(install.status, install.stderr).toBe(0);
  cpSync(join(ROOT, 'rulesets/dragut'), join(consumer, 'rules/dragut'), { recursive: true });
}, SLOW);

const rulesmith = (...args: string[]) => run(NPM, ['exec', '--no', '--', 'rulesmith', ...args], consumer);

describe('the packed tarball', () => {
  test('should hold the compiled CLI and library, the schema, docs and licence; no tests, editor or sources', () => {
    expect(files).toContain('bin/rulesmith.js');
    expect(files).toContain('lib/interpreter/cli/main.js');
    expect(files).toContain('lib/interpreter/cli/simulate-worker.js');
    expect(files).toContain('lib/interpreter/index.d.ts');
    // The fingerprint of the sources it was built from, so games kept by `npx rulesmith --cache`
    // count as this engine's (interpreter/cli/game-cache.ts).
    expect(files).toContain(`lib/${FINGERPRINT_FILE}`);
    expect(readFileSync(join(consumer, 'node_modules/rulesmith/lib', FINGERPRINT_FILE), 'utf8').trim()).toBe(codeFingerprint(ROOT));
    expect(files).toContain('grammar/ruleset.schema.json');
    expect(files).toContain('docs/diagnostics.md');
    expect(files).toContain('LICENSE');
    // The schema validator is plain JavaScript compiled ahead of time: tsc does not emit it.
    expect(files).toContain('lib/interpreter/load/schema-validator.generated.js');
    // `rulesmith init` copies its templates from the package.
    expect(files).toContain('rulesets/templates/starter/ruleset.yaml');
    // docs/examples/: the sharding examples (GitHub Actions, Kubernetes), shipped with the docs.
    const stray = files.filter((f) => !/^(bin\/rulesmith\.js|lib\/.+\.(js|d\.ts|json)|lib\/engine-fingerprint|grammar\/ruleset\.schema\.json|docs\/[^/]+\.md|docs\/examples\/[^/]+\.ya?ml|rulesets\/templates\/.+\.ya?ml|LICENSE|README\.md|package\.json)$/.test(f));
    expect(stray).toEqual([]);
  });

  test('package.json should be publishable: not private, a licence, engines, exports with types', () => {
    const pkg = JSON.parse(readFileSync(join(consumer, 'node_modules/rulesmith/package.json'), 'utf8'));
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(pkg.engines.node).toMatch(/^>=20/);
    expect(pkg.exports['.']).toEqual({ types: './lib/interpreter/index.d.ts', default: './lib/interpreter/index.js' });
    // vscode-languageserver*: `rulesmith lsp` runs from the package.
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['ajv', 'chevrotain', 'vscode-languageserver', 'vscode-languageserver-textdocument', 'yaml']);
  });
});

describe('a consumer repository with the tarball as its only dependency', () => {
  test('should have installed no devDependency (tsx, typescript, vitest)', () => {
    const installed = readdirSync(join(consumer, 'node_modules'));
    expect(installed).toContain('rulesmith');
    for (const dev of ['tsx', 'typescript', 'vitest', 'vite']) expect(installed, dev).not.toContain(dev);
  });

  test('rulesmith --version and --help should run', () => {
    const version = rulesmith('--version');
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    expect(rulesmith('--help').stdout).toContain('Usage: rulesmith <command>');
  });

  test('rulesmith validate should check a ruleset', () => {
    const r = rulesmith('validate', 'rules');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ruleset files checked: 0 errors');
  }, SLOW);

  test('rulesmith init should make a new game that validates, its modeline naming the installed schema', () => {
    const r = rulesmith('init', 'rules/my-game');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Checked: 0 errors, 0 warnings.');
    expect(readFileSync(join(consumer, 'rules/my-game/ruleset.yaml'), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../node_modules/rulesmith/grammar/ruleset.schema.json');
    const v = rulesmith('validate', 'rules/my-game', '--strict');
    expect(v.status, v.stdout).toBe(0);
    expect(v.stdout).toContain('2 ruleset files checked: 0 errors, 0 warnings');
  }, SLOW);

  test('rulesmith simulate should play games, on compiled worker threads too', () => {
    const r = rulesmith('simulate', 'rules/dragut', '--games', '4', '--workers', '2', '--seed', 'pkg', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 4 });
  }, SLOW);

  test('rulesmith odds should print exact fractions', () => {
    const r = rulesmith('odds', 'rules/dragut', '2d6 >= 9');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('5/18');
  }, SLOW);

  test("the compiled grammar should load chevrotain's one-file build, not its entry's 647 lodash-es modules", () => {
    // bin/build-lib.mjs writes lib/grammar/chevrotain.js to find it next to the entry; if a
    // chevrotain release moves it, the package still works (the entry) but starts 0.35 s slower.
    const script = "const { parseScript } = await import('rulesmith/grammar'); const { createRequire } = await import('node:module'); const { dirname, join } = await import('node:path'); const { existsSync } = await import('node:fs'); const req = createRequire(import.meta.resolve('rulesmith/grammar')); console.log(existsSync(join(dirname(req.resolve('chevrotain')), '..', 'chevrotain.mjs')), parseScript('let x = 1').diagnostics.length);";
    const r = run(process.execPath, ['--input-type=module', '-e', script], consumer);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('true 0');
    expect(readFileSync(join(consumer, 'node_modules/rulesmith/lib/grammar/chevrotain.js'), 'utf8')).toContain('chevrotain.mjs');
  });

  test('the library and the schema should resolve through the package exports', () => {
    const script = "const m = await import('rulesmith'); const g = await import('rulesmith/grammar'); const n = await import('rulesmith/node'); const s = (await import('rulesmith/grammar/ruleset.schema.json', { with: { type: 'json' } })).default; console.log(typeof m.loadRuleset, typeof m.compileRuleset, typeof g.parseScript, typeof n.nodeHost.readFile, s.$id);";
    const r = run(process.execPath, ['--input-type=module', '-e', script], consumer);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^function function function function https:\/\/\S+\/v\d+\/ruleset\.schema\.json$/);
    expect(existsSync(join(consumer, 'node_modules/rulesmith/grammar/ruleset.schema.json'))).toBe(true);
  });
});
