import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** Every .yaml file of a shipped game, keyed by repository path, as the editor bundles them. */
export function shippedGame(game: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.yaml')) out[relative(ROOT, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(join(ROOT, 'rulesets', game));
  return out;
}

/** A one-file fixture of test/fixtures/editor/, as the editor holds it once imported into `game`. */
export function importedFixture(fixture: string, game: string, name = fixture): { path: string; files: Record<string, string> } {
  const path = `rulesets/${game}/variants/${name}.yaml`;
  return { path, files: { ...shippedGame(game), [path]: readFileSync(join(ROOT, 'test/fixtures/editor', fixture, 'ruleset.yaml'), 'utf8') } };
}
