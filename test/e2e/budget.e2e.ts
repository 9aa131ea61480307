import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { DIST } from './harness.ts';

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const BUDGET_KB = 300;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A chunk and the chunks it imports statically, once each. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

describe('build size', () => {
  test(`first-load JS (entry, validator worker, the largest game's files; not Monaco) should be at most ${BUDGET_KB} KB gzipped`, () => {
    const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
    const first = [...closure(entry)].map((k) => manifest[k]!.file);
    // The validator worker starts with the page (it is emitted as an asset of the entry chunk).
    const name = readFileSync(join(DIST, manifest[entry[0]!]!.file), 'utf8').match(/validator\.worker-[\w-]+\.js/)?.[0];
    const worker = name && `assets/${name}`;
    expect(worker).toBeDefined();
    // A game's files are one chunk, `rulesets-<game>` (vite.config.ts); a file of its own, if one
    // ever escapes the group, counts with its game.
    const games = new Map<string, string[]>();
    for (const chunk of Object.values(manifest)) {
      const game = /^rulesets-(.+)$/.exec(chunk.name ?? '')?.[1] ?? (chunk.isDynamicEntry ? /^\.\.\/rulesets\/([^/]+)\//.exec(chunk.src ?? '')?.[1] : undefined);
      if (game) games.set(game, [...(games.get(game) ?? []), chunk.file]);
    }
    const gameSizes = [...games].map(([game, files]) => ({ game, gzip: files.reduce((n, f) => n + gz(f), 0) })).sort((a, b) => b.gzip - a.gzip);
    const lazy = Object.values(manifest).filter((c) => /monaco-setup|providers/.test(c.file) && c.file.endsWith('.js'));

    const firstSize = first.reduce((n, f) => n + gz(f), 0);
    const workerSize = gz(worker!);
    const total = firstSize + workerSize + (gameSizes[0]?.gzip ?? 0);
    console.log(`entry chunks        ${first.join(', ')}: ${kb(firstSize)} gzipped`);
    console.log(`validator worker    ${worker}: ${kb(workerSize)} gzipped`);
    for (const g of gameSizes) console.log(`rulesets of ${g.game.padEnd(17)} ${kb(g.gzip)} gzipped (loaded with the game)`);
    for (const c of lazy) console.log(`lazy (after paint)  ${c.file}: ${kb(gz(c.file))} gzipped`);
    console.log(`first load, largest game: ${kb(total)} gzipped (budget ${BUDGET_KB} KB)`);
    expect(games.size).toBeGreaterThanOrEqual(4);
    for (const [game, files] of games) {
      // One request a game (its files compress better together), and none in the first load.
      expect(files, `the files of ${game}`).toHaveLength(1);
      expect(first, `the first load holds no file of ${game}`).not.toContain(files[0]);
    }
    expect(lazy.length).toBeGreaterThan(0);
    expect(total / 1024).toBeLessThanOrEqual(BUDGET_KB);
  });

  test('the game views (playtest, scenarios, simulate) and their workers should load only when first shown', () => {
    const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
    const first = closure(entry);
    const views = Object.keys(manifest).filter((k) => /components\/(playtest|scenarios|simulate)-view\//.test(manifest[k]!.src ?? k));
    expect(views).toHaveLength(3);
    for (const view of views) {
      expect(manifest[view]!.isDynamicEntry, view).toBe(true);
      expect(first.has(view), view).toBe(false);
      const size = [...closure([view])].filter((k) => !first.has(k)).reduce((n, k) => n + gz(manifest[k]!.file), 0);
      console.log(`lazy (on first show) ${manifest[view]!.file}: ${kb(size)} gzipped with its chunks`);
    }
    const entryCode = [...first].map((k) => readFileSync(join(DIST, manifest[k]!.file), 'utf8')).join('\n');
    expect(entryCode).not.toMatch(/play\.worker-|simulate\.worker-/);
    for (const worker of ['play', 'simulate']) {
      const file = readdirSync(join(DIST, 'assets')).find((f) => f.startsWith(`${worker}.worker-`) && f.endsWith('.js'));
      expect(file, `${worker} worker`).toBeDefined();
      console.log(`${`${worker} worker`.padEnd(19)} assets/${file}: ${kb(gz(`assets/${file}`))} gzipped (started by its view)`);
    }
  });
});
