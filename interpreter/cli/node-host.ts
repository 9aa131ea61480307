/**
 * The FileHost the CLI uses: reads files from disk. Relative paths stay relative, so diagnostics
 * name files the way the user typed them.
 */
import { closeSync, openSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import type { FileHost } from '../load/index.ts';

/**
 * A Node host. Reads at most `maxBytes + 1` bytes of a file, so a huge file costs little and the
 * loader still sees that it is over its limit.
 */
export function createNodeHost(maxBytes = 64 * 1024 * 1024): FileHost {
  return {
    readFile(path) {
      try {
        const stat = statSync(path, { throwIfNoEntry: false });
        if (!stat?.isFile()) return undefined;
        return readPrefix(path, Math.min(stat.size, maxBytes + 1));
      } catch {
        return undefined;
      }
    },
    resolve: (fromFile, relative) => (isAbsolute(relative) ? normalize(relative) : join(dirname(fromFile), relative)),
    realPath: realPathOf,
    isDirectory(path) {
      try {
        return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
      } catch {
        return false;
      }
    },
    list(path) {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The absolute path with symlinks followed. A path that does not exist yet is resolved through
 * its nearest existing folder, so a link in the middle (`inside/link/missing.yaml`) still counts.
 */
export function realPathOf(path: string): string {
  const absolute = resolve(path);
  const rest: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest);
    } catch {
      if (dirname(at) === at) return absolute;
      rest.unshift(basename(at));
    }
  }
}

function readPrefix(path: string, length: number): Uint8Array {
  const buffer = new Uint8Array(length);
  const fd = openSync(path, 'r');
  try {
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buffer, read, length - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === length ? buffer : buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The host the CLI commands share. */
export const nodeHost: FileHost = createNodeHost();
