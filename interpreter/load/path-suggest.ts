/**
 * "Did you mean …?" for an `include:` or `extends:` path that names no file (`chess/rulset.yaml`,
 * `chss/ruleset.yaml`): each part of the written path that names nothing is replaced by the
 * closest name in its folder, and the result is offered only when it names a readable file inside
 * the ruleset's root. Folders outside the root are never listed, and nothing outside it is read.
 */
import { didYouMean } from '../../grammar/index.ts';
import { resolveEntry, type FileHost } from './file-host.ts';
import type { RulesetRoot } from './root.ts';

/**
 * The corrected text of `written` (as the user would write it), or undefined when none is close.
 * It must name a readable file (a folder: its entry file), or with `folderToo` any folder.
 */
export function suggestPath(written: string, fromFile: string, host: FileHost, root: RulesetRoot, folderToo = false): string | undefined {
  if (!host.list) return undefined;
  const parts = written.split('/');
  const fixed: string[] = [];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (part === '' || part === '.' || part === '..' || names(host, root, fromFile, [...fixed, part], last, folderToo)) {
      fixed.push(part);
      continue;
    }
    const folder = host.resolve(fromFile, fixed.join('/') || '.');
    if (!root.contains(folder)) return undefined;
    const close = didYouMean(part, listed(host, folder));
    if (close === undefined) return undefined;
    fixed.push(close);
  }
  const text = fixed.join('/');
  return text !== written && names(host, root, fromFile, fixed, true, folderToo) ? text : undefined;
}

/** Whether `parts` name something: a folder, or when `last`, a readable file (a folder's entry file). */
function names(host: FileHost, root: RulesetRoot, fromFile: string, parts: string[], last: boolean, folderToo: boolean): boolean {
  const path = host.resolve(fromFile, parts.join('/'));
  if (!root.contains(path)) return false;
  if (!last || folderToo) {
    if (host.isDirectory?.(path)) return true;
    if (!last) return false;
  }
  const file = resolveEntry(path, host);
  if (!root.contains(file)) return false;
  try {
    return host.readFile(file) !== undefined;
  } catch {
    return false;
  }
}

function listed(host: FileHost, folder: string): string[] {
  try {
    return host.list?.(folder) ?? [];
  } catch {
    return [];
  }
}
