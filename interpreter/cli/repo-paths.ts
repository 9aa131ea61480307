import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';

/** The nearest folder at or above `from` that holds `.git` (a folder, or a worktree's file). */
export function gitRoot(from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A diagnostic's file as CI tools want it: relative to the repository root whichever folder the
 * command runs in (GitHub annotations and SARIF results are matched to the repository's files),
 * with `/` separators. Outside any repository, or for a file outside it, relative to `cwd`.
 */
export function repoRelative(file: string, cwd: string = process.cwd(), root: string | undefined = gitRoot(cwd)): string {
  const absolute = isAbsolute(file) ? file : resolve(cwd, file);
  const inRoot = root === undefined ? undefined : relative(root, absolute);
  const path = inRoot !== undefined && inRoot !== '..' && !inRoot.startsWith(`..${sep}`) && !isAbsolute(inRoot) ? inRoot : relative(cwd, absolute) || file;
  return path.split(sep).join('/');
}

/**
 * `diags` with the files their messages and hints name spelt as `path` spells them: a variant's
 * problem in its base says "comes with the variant <file>" or "in the base at <file>:7:12", and an
 * annotation whose `file=` is spelt from the repository root should not name files from the
 * working folder in its text. `files`: the files the run read (as `Diagnostic.file` spells them).
 */
export function respellFiles(diags: readonly Diagnostic[], files: Iterable<string>, path: (file: string) => string): Diagnostic[] {
  const spelt = new Map<string, string>();
  for (const f of [...files, ...diags.map((d) => d.file)]) if (!spelt.has(f) && path(f) !== f) spelt.set(f, path(f));
  if (spelt.size === 0) return [...diags];
  // Longest first, and whole paths only: `a/x.yaml` is not respelt inside `b/a/x.yaml`.
  const names = [...spelt.keys()].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\w./\\\\-])(?:${names.join('|')})(?![\\w/\\\\-]|\\.\\w)`, 'g');
  const respell = (s: string) => s.replace(pattern, (f) => spelt.get(f) ?? f);
  return diags.map((d) => ({ ...d, message: respell(d.message), ...(d.hint !== undefined ? { hint: respell(d.hint) } : {}) }));
}
