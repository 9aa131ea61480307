/**
 * The rulesets shipped with rulesmith, bundled at build time and keyed by repository path
 * (`rulesets/dragut/ruleset.yaml`). Entry files come with the first load (the game list needs their
 * names); every other file loads with its game, so the first load does not grow with the rulesets.
 */
import { gameOf } from './catalog.ts';

// Vite reads these options statically: they must stay literal.
const entries = import.meta.glob<string>('../../rulesets/*/ruleset.yaml', { query: '?raw', import: 'default', eager: true });
const others = import.meta.glob<string>(['../../rulesets/**/*.yaml', '!../../rulesets/*/ruleset.yaml'], { query: '?raw', import: 'default' });

const repoPath = (key: string) => key.replace(/^(\.\.\/)+/, '');

/** Entry files, loaded. */
export const shippedEntries: ReadonlyMap<string, string> = new Map(Object.entries(entries).map(([key, text]) => [repoPath(key), text]));

/** Every shipped file of `game`, entry included. */
export async function loadShippedGame(game: string): Promise<Map<string, string>> {
  const files = new Map([...shippedEntries].filter(([path]) => gameOf(path) === game));
  const pending = Object.entries(others)
    .filter(([key]) => gameOf(repoPath(key)) === game)
    .map(async ([key, load]) => [repoPath(key), await load()] as const);
  for (const [path, text] of await Promise.all(pending)) files.set(path, text);
  return files;
}

/** Where the templates of new games are (`rulesmith init`'s): not a game, and no game may take the name. */
export const TEMPLATES = 'templates';

/**
 * The files of the template a new game starts from (the first in `rulesets/templates/` by name,
 * as `rulesmith init` picks it), keyed by their path inside the template's folder.
 */
export async function loadTemplate(): Promise<Map<string, string>> {
  const prefix = `rulesets/${TEMPLATES}/`;
  const paths = Object.keys(others).map((key) => [key, repoPath(key)] as const).filter(([, path]) => path.startsWith(prefix));
  const first = paths.map(([, path]) => path.slice(prefix.length).split('/')[0]!).sort()[0];
  const files = new Map<string, string>();
  for (const [key, path] of paths) {
    if (path.startsWith(`${prefix}${first}/`)) files.set(path.slice(`${prefix}${first}/`.length), await others[key]!());
  }
  return files;
}
