/**
 * What the A/B benches (`bench:load`, `bench:playouts`, `bench:decisions`) share: their command
 * line, and another commit's code exported beside this checkout so both run in one process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `--rounds N`, `--base REV`, `--json` and any other `--name value` of the command line. */
export function benchArgs(defaultRounds: number) {
  const argv = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  return { argv, option, json: argv.includes('--json'), rounds: Number(option('rounds') ?? defaultRounds), baseRev: option('base') };
}

/**
 * The folders `paths` of commit `rev`, exported with `git archive` into a temporary folder with
 * this checkout's node_modules, as ESM like this checkout (so tsx loads its modules the same way);
 * `url` names one of its files for `import()`, `dispose` removes the folder.
 */
export function exportCommit(rev: string, paths: string[]): { dir: string; url: (path: string) => string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rulesmith-ab-'));
  const tar = execFileSync('git', ['archive', '--format=tar', rev, ...paths], { maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  return { dir, url: (path) => pathToFileURL(join(dir, path)).href, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
