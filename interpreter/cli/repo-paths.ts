import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

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
