import type { FileHost } from '../../interpreter/load/index.ts';

/** An in-memory FileHost: paths are POSIX-style keys of `files`. */
export function memoryHost(files: Record<string, string | Uint8Array>): FileHost {
  const normalize = (p: string) => {
    const out: string[] = [];
    for (const part of p.split('/')) {
      if (part === '..') out.pop();
      else if (part !== '.' && part !== '') out.push(part);
    }
    return (p.startsWith('/') ? '/' : '') + out.join('/');
  };
  return {
    readFile: (path) => files[normalize(path)],
    resolve: (from, rel) => (rel.startsWith('/') ? normalize(rel) : normalize(`${from.split('/').slice(0, -1).join('/')}/${rel}`)),
    isDirectory: (path) => Object.keys(files).some((f) => f.startsWith(`${normalize(path)}/`)),
  };
}
