import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version in rulesmith's package.json. */
export function packageVersion(): string {
  return ownPackage()?.version ?? 'unknown';
}

/** The folder of rulesmith's package.json: the repository, or the installed package. */
export function packageRoot(): string | undefined {
  return ownPackage()?.root;
}

/**
 * rulesmith's package.json, found by walking up from this module, because it sits two folders deep
 * in the sources (interpreter/cli) and three in the package (lib/interpreter/cli).
 */
function ownPackage(): { root: string; version: string } | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'rulesmith' && pkg.version) return { root: dir, version: pkg.version };
    } catch {
      // No package.json here (or not ours): keep walking up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
