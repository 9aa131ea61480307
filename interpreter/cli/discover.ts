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

/**
 * A folder's names, or none when it cannot be read; a file that vanishes between listing and
 * looking (a temporary file of another program) is no folder. A search of a busy folder such as
 * /tmp must not stop on either.
 */
function names(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

const isFolder = (path: string): boolean => {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
};

function walk(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  const entry = join(dir, ENTRY_FILE);
  if (existsSync(entry)) {
    out.push(entry);
    const variants = join(dir, 'variants');
    if (isFolder(variants)) for (const f of names(variants)) if (/\.ya?ml$/.test(f)) out.push(join(variants, f));
    return;
  }
  for (const name of names(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const sub = join(dir, name);
    if (isFolder(sub)) walk(sub, depth + 1, out);
  }
}
