/**
 * How the loader reads files. The loader itself never touches a file system, so it runs in the
 * browser too: the CLI passes a Node host (`interpreter/cli/node-host.ts`), the editor and tests an
 * in-memory one (`createMemoryHost`).
 */

/** Access to ruleset files. Paths are opaque to the loader; only the host interprets them. */
export interface FileHost {
  /** The file's bytes (or text), or `undefined` when it does not exist or is not a readable file. */
  readFile(path: string): Uint8Array | string | undefined;
  /** The path `relative` names when written inside `fromFile` (an include or `extends` value). */
  resolve(fromFile: string, relative: string): string;
  /** Whether `path` is a folder (a folder stands for its `ruleset.yaml`). */
  isDirectory?(path: string): boolean;
  /**
   * `path` with every symbolic link followed, for deciding whether a file lies inside the
   * ruleset's root (see `root.ts`). Hosts without links leave it out: the normalised text is used.
   * Must not read the file's content.
   */
  realPath?(path: string): string;
  /**
   * The names in folder `path` (files and folders, no path), or `undefined` when it is not a
   * folder. Only used to suggest a close name for an `include:` or `extends:` that names nothing,
   * and only for folders inside the ruleset's root; hosts that cannot list leave it out.
   */
  list?(path: string): string[] | undefined;
}

/** The entry file a folder stands for. */
export const ENTRY_FILE_NAME = 'ruleset.yaml';

/**
 * A file's text for a hint (not for loading: no limits of its own, no diagnostics): '' when it
 * cannot be read or is over `maxLength` characters, so a hint never reads a huge file in full.
 */
export function hintText(host: FileHost, path: string, maxLength = 1_000_000): string {
  const raw = host.readFile(path);
  if (raw === undefined || raw.length > maxLength) return '';
  return typeof raw === 'string' ? raw : new TextDecoder().decode(raw);
}

/** `path` itself, or `<path>/ruleset.yaml` when the host says it is a folder. */
export function resolveEntry(path: string, host: FileHost): string {
  if (!host.isDirectory?.(path)) return path;
  return path.endsWith('/') ? `${path}${ENTRY_FILE_NAME}` : `${path}/${ENTRY_FILE_NAME}`;
}

/** Collapse `.`, `..` and repeated `/` in a POSIX-style path; a relative path stays relative. */
export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part !== '..' || !absolute) out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

/** POSIX-style resolution of `relative` against the folder of `fromFile`. */
export function resolvePosix(fromFile: string, relative: string): string {
  if (relative.startsWith('/')) return normalizePath(relative);
  const slash = fromFile.lastIndexOf('/');
  const folder = slash === -1 ? '' : fromFile.slice(0, slash + 1);
  return normalizePath(`${folder}${relative}`);
}

/** A host over files held in memory (editor buffers, tests), keyed by POSIX-style path. */
export function createMemoryHost(files: Readonly<Record<string, string | Uint8Array>>): FileHost {
  const byPath = new Map<string, string | Uint8Array>();
  for (const path of Object.keys(files)) {
    const content = files[path];
    if (content !== undefined) byPath.set(normalizePath(path), content);
  }
  return {
    readFile: (path) => byPath.get(normalizePath(path)),
    resolve: resolvePosix,
    isDirectory: (path) => {
      const prefix = `${normalizePath(path)}/`;
      for (const key of byPath.keys()) if (key.startsWith(prefix)) return true;
      return false;
    },
    list: (path) => {
      const folder = normalizePath(path);
      const prefix = folder === '.' ? '' : folder === '/' ? '/' : `${folder}/`;
      const names = new Set<string>();
      for (const key of byPath.keys()) {
        if (!key.startsWith(prefix) || (prefix === '' && key.startsWith('/'))) continue;
        const name = key.slice(prefix.length).split('/')[0];
        if (name && name !== '..') names.add(name);
      }
      return names.size > 0 ? [...names] : undefined;
    },
  };
}
