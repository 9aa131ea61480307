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
  return closePath(written, fromFile, host, root, folderToo) ?? upPath(written, fromFile, host, root, folderToo);
}

/**
 * The path written out from a folder above, when it names a file there: `extends: ruleset.yaml`
 * in `variants/` means the ruleset's `../ruleset.yaml` (a path read as from the ruleset's folder,
 * not the file's). Only folders inside the root are tried, nearest first.
 */
function upPath(written: string, fromFile: string, host: FileHost, root: RulesetRoot, folderToo: boolean): string | undefined {
  if (written === '' || /^([/\\]|[A-Za-z]:)/.test(written)) return undefined;
  let up = '';
  for (let depth = 0; depth < 8; depth++) {
    up += '../';
    if (!root.contains(host.resolve(fromFile, up.slice(0, -1)))) return undefined;
    const parts = `${up}${written}`.split('/');
    if (names(host, root, fromFile, parts, true, folderToo)) return parts.join('/');
  }
  return undefined;
}

/** `written` with each part that names nothing replaced by the closest name in its folder. */
function closePath(written: string, fromFile: string, host: FileHost, root: RulesetRoot, folderToo: boolean): string | undefined {
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
