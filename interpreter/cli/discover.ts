import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ENTRY_FILE_NAME as ENTRY_FILE } from '../load/index.ts';

const MAX_DEPTH = 6;
const SKIP = new Set(['node_modules', '.git', 'dist']);

export interface Discovery {
  entries: string[];
  missing: string[];
  /** Folders named that hold no ruleset: a CI step pointed at the wrong folder must not pass. */
  empty: string[];
}

/**
 * Expand CLI paths into ruleset entry files: a file is an entry (a ruleset or a variant); a folder
 * with ruleset.yaml is a ruleset plus every YAML file under its variants/ (subfolders too); any
 * other folder is searched below, and a YAML file of its own that is a ruleset or a variant
 * (a top-level `rulesmith:` or `extends:`) is an entry: a designer's house rules kept in a folder
 * of their own (`house-rules/*.yaml`, each `extends: ../rules/<game>`) were passed over, and CI
 * went green on a broken one.
 */
export function discover(paths: string[]): Discovery {
  const entries: string[] = [];
  const missing: string[] = [];
  const empty: string[] = [];
  for (const p of paths) {
    const before = entries.length;
    if (!existsSync(p)) missing.push(p);
    else if (statSync(p).isFile()) entries.push(p);
    else walk(p, 0, entries);
    if (existsSync(p) && entries.length === before) empty.push(p);
  }
  return { entries: [...new Set(entries)], missing, empty };
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

const YAML = /\.ya?ml$/;

function walk(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  const entry = join(dir, ENTRY_FILE);
  if (existsSync(entry)) {
    out.push(entry);
    variantFiles(join(dir, 'variants'), depth + 1, out);
    return;
  }
  for (const name of names(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const sub = join(dir, name);
    if (isFolder(sub)) walk(sub, depth + 1, out);
    else if (YAML.test(name) && isEntryText(sub)) out.push(sub);
  }
}

/** Every YAML file under a ruleset's variants/ folder, its subfolders too (`variants/2026/x.yaml`). */
function variantFiles(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH || !isFolder(dir)) return;
  for (const name of names(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const sub = join(dir, name);
    if (isFolder(sub)) variantFiles(sub, depth + 1, out);
    else if (YAML.test(name)) out.push(sub);
  }
}

/** A ruleset or a variant says so at its top level; an included part of a ruleset does not. */
function isEntryText(path: string): boolean {
  try {
    return /^(rulesmith|extends)[ \t]*:/m.test(readFileSync(path, 'utf8').slice(0, 65536));
  } catch {
    return false;
  }
}
