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

export interface TemplateChoice {
  id: string;
  description: string;
}

/**
 * The templates a new game may start from, in the order of `rulesets/templates/index.yaml` (the
 * first is the default, as for `rulesmith init`); folders it does not list follow by name. The
 * index is read by lines, as the main thread loads no YAML parser: `- id: x` then `description: …`.
 */
export async function templateChoices(): Promise<TemplateChoice[]> {
  const prefix = `rulesets/${TEMPLATES}/`;
  const folders = [...new Set(Object.keys(others).map(repoPath).filter((p) => p.startsWith(prefix) && p.endsWith('/ruleset.yaml')).map((p) => p.slice(prefix.length).split('/')[0]!))].sort();
  const indexKey = Object.keys(others).find((key) => repoPath(key) === `${prefix}index.yaml`);
  const listed: TemplateChoice[] = [];
  for (const line of (indexKey ? await others[indexKey]!() : '').split('\n')) {
    const id = /^-\s+id:\s*(\S+)\s*$/.exec(line)?.[1];
    if (id !== undefined) listed.push({ id, description: '' });
    const description = /^\s+description:\s*(.+?)\s*$/.exec(line)?.[1];
    if (description !== undefined && listed.length) listed[listed.length - 1]!.description = description;
  }
  const known = listed.filter((t) => folders.includes(t.id));
  return [...known, ...folders.filter((f) => !known.some((t) => t.id === f)).map((id) => ({ id, description: '' }))];
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
