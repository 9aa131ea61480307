/**
 * rulesmith installed the way a designer's repository can get it before (or without) a published
 * release: `npm install --save-dev git+https://…/rulesmith.git` (here `git+file://`). npm clones the
 * repository, installs its devDependencies there and runs its `prepare` script, which builds lib/;
 * only `prepare` runs on that path, not `prepack`, so without it the installed CLI had no lib/
 * and `npx rulesmith` stopped with a Node stack trace. Needs the npm registry (or a warm npm cache)
 * for rulesmith's own dependencies, as consumer.test.ts does.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SLOW = 300_000;

/** What a clone of the repository needs for `prepare` (the working tree's, so uncommitted edits count). */
const REPO_FILES = ['package.json', 'package-lock.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.lib.json', 'bin', 'grammar', 'interpreter', 'docs', 'rulesets/templates'];

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: SLOW });
  if (r.error) throw r.error;
  return r;
}

let consumer: string;
let install: SpawnSyncReturns<string>;

beforeAll(() => {
  const work = mkdtempSync(join(tmpdir(), 'rulesmith-git-'));
  const repo = join(work, 'rulesmith');
  for (const name of REPO_FILES) cpSync(join(ROOT, name), join(repo, name), { recursive: true });
  const git = (...args: string[]) => {
    const r = run('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false', ...args], repo);
    expect(r.status, r.stderr).toBe(0);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'rulesmith');

  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  install = run(NPM, ['install', '--save-dev', `git+${pathToFileURL(repo).href}`, '--no-audit', '--no-fund'], consumer);
  cpSync(join(ROOT, 'rulesets/dragut'), join(consumer, 'rules/dragut'), { recursive: true });
}, SLOW);

const rulesmith = (...args: string[]) => run(NPM, ['exec', '--no', '--', 'rulesmith', ...args], consumer);

describe('rulesmith installed from a git URL', () => {
  test('npm install should build lib/ through prepare, and npx rulesmith validate should run from it', () => {
    expect(install.status, install.stderr).toBe(0);
    const r = rulesmith('validate', 'rules');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ruleset files checked: 0 errors');
  }, SLOW);

  test('without lib/ (installed with --ignore-scripts) the CLI should say what is missing, not throw', () => {
    rmSync(join(consumer, 'node_modules/rulesmith/lib'), { recursive: true, force: true });
    const r = rulesmith('validate', 'rules');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('this copy has no compiled CLI (lib/ is missing)');
    expect(r.stderr).toContain('--ignore-scripts');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, SLOW);
});
