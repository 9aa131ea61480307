import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRY_FILE_NAME as ENTRY_FILE } from '../load/index.ts';

const MAX_DEPTH = 6;
const SKIP = new Set(['node_modules', '.git', 'dist']);

export interface Discovery {
  entries: string[];
  missing: string[];
}

/**
 * Expand CLI paths into ruleset entry files: a file is an entry (a ruleset or a variant); a folder
 * with ruleset.yaml is a ruleset plus its variants/*.yaml; any other folder is searched below.
 */
export function discover(paths: string[]): Discovery {
  const entries: string[] = [];
  const missing: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) missing.push(p);
    else if (statSync(p).isFile()) entries.push(p);
    else walk(p, 0, entries);
  }
  return { entries: [...new Set(entries)], missing };
}

function walk(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  const entry = join(dir, ENTRY_FILE);
  if (existsSync(entry)) {
    out.push(entry);
    const variants = join(dir, 'variants');
    if (existsSync(variants) && statSync(variants).isDirectory()) {
      for (const f of readdirSync(variants).sort()) if (/\.ya?ml$/.test(f)) out.push(join(variants, f));
    }
    return;
  }
  for (const name of readdirSync(dir).sort()) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const sub = join(dir, name);
    if (statSync(sub).isDirectory()) walk(sub, depth + 1, out);
  }
}
