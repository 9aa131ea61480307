/**
 * The root of a ruleset: the one folder its files may be read from. Rulesets are shared by
 * strangers, so an `include:` or `extends:` must not reach a file elsewhere on the machine (a
 * token file, the user list) and have its lines printed in a code frame or merged silently.
 * Containment is decided on canonical paths (symlinks followed, where the host has any) and
 * before the host is asked for the file, so nothing of a refused file is ever read.
 */
import { ENTRY_FILE_NAME, normalizePath, type FileHost } from './file-host.ts';

/** The folder variant files live in, inside a ruleset folder. */
const VARIANTS_FOLDER = 'variants';

/** `a/b/c.yaml` → `a/b`; a bare file name → `.`. */
export function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut === -1) return '.';
  return cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

/**
 * The root a load uses when none is declared: the entry file's folder, except that a variant in a
 * ruleset's `variants/` folder belongs to that ruleset (it extends `../ruleset.yaml`), so its root
 * is the ruleset folder.
 */
export function defaultRoot(entry: string, host: FileHost): string {
  const folder = folderOf(entry);
  // Named as the host knows it: `validate big-bazaar.yaml` from inside `variants/` has folder `.`.
  const real = canonical(folder, host);
  const name = real.slice(Math.max(real.lastIndexOf('/'), real.lastIndexOf('\\')) + 1);
  if (name !== VARIANTS_FOLDER) return folder;
  const parent = folder === '.' || /(^|[/\\])\.\.$/.test(folder) ? `${folder}/..` : folderOf(folder);
  return readable(host, `${parent}/${ENTRY_FILE_NAME}`) ? parent : folder;
}

/** The canonical form the host gives `path` (symlinks followed), or its normalised text. */
export function canonical(path: string, host: FileHost): string {
  try {
    const real = host.realPath?.(path);
    if (typeof real === 'string' && real !== '') return real;
  } catch {
    // A host that fails here gives the plain form; containment is then decided on the text.
  }
  return normalizePath(path);
}

/** Whether canonical `path` lies in (or is) canonical folder `root`. */
export function isInside(root: string, path: string): boolean {
  if (root === '.' || root === '') return !isAbsolutePath(path) && path !== '..' && !/^\.\.[/\\]/.test(path);
  if (path === root) return true;
  const base = /[/\\]$/.test(root) ? root : `${root}/`;
  return path.startsWith(base) || path.startsWith(base.replace(/\/$/, '\\'));
}

function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:[/\\]/.test(path);
}

function readable(host: FileHost, path: string): boolean {
  try {
    return host.readFile(path) !== undefined;
  } catch {
    return false;
  }
}

/** A root, canonical once, and the test every path to read must pass. */
export class RulesetRoot {
  readonly canonical: string;

  constructor(readonly declared: string, private readonly host: FileHost) {
    this.canonical = canonical(declared, host);
  }

  contains(path: string): boolean {
    return isInside(this.canonical, canonical(path, this.host));
  }
}
