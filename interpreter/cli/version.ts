import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in rulesmith's package.json. Found by walking up from this module, because it sits
 * two folders deep in the sources (interpreter/cli) and three in the package (lib/interpreter/cli).
 */
export function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'rulesmith' && pkg.version) return pkg.version;
    } catch {
      // No package.json here (or not ours): keep walking up.
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
