/**
 * The rulesets shipped with rulesmith, bundled at build time and keyed by repository path
 * (`rulesets/dragut/ruleset.yaml`). Entry files come with the first load (the game list needs their
 * names); every other file loads with its game, so the first load does not grow with the rulesets.
 */
import { templateIndex, type TemplateChoice } from '../../interpreter/load/new-game.ts';
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

export type { TemplateChoice };

/** The templates a new game may start from, in the order of `rulesets/templates/index.yaml` (the first is the default, as for `rulesmith init`). */
export async function templateChoices(): Promise<TemplateChoice[]> {
  const prefix = `rulesets/${TEMPLATES}/`;
  const folders = [...new Set(Object.keys(others).map(repoPath).filter((p) => p.startsWith(prefix) && p.endsWith('/ruleset.yaml')).map((p) => p.slice(prefix.length).split('/')[0]!))];
  const indexKey = Object.keys(others).find((key) => repoPath(key) === `${prefix}index.yaml`);
  return templateIndex(indexKey ? await others[indexKey]!() : '', folders);
}

/** The files of template `id` (`rulesets/templates/<id>/`), keyed by their path inside its folder. */
export async function loadTemplate(id: string): Promise<Map<string, string>> {
  const prefix = `rulesets/${TEMPLATES}/${id}/`;
  const files = new Map<string, string>();
  for (const [key, load] of Object.entries(others)) {
    const path = repoPath(key);
    if (path.startsWith(prefix)) files.set(path.slice(prefix.length), await load());
  }
  return files;
}
