/**
 * Which games and variants a set of ruleset files holds, read from paths alone: a game is a folder
 * `rulesets/<game>/` with a `ruleset.yaml`; its variants are `rulesets/<game>/variants/*.yaml`.
 * No game is known by name: adding a folder adds a game.
 */

import { topLevelScalar } from '../../interpreter/load/new-game.ts';

export const RULESETS_DIR = 'rulesets';

export interface GameInfo {
  /** Folder name under rulesets/. */
  id: string;
  /** The entry file's `name:` (or the folder name). */
  name: string;
  /** `rulesets/<game>/ruleset.yaml`. */
  entry: string;
}

const ENTRY = /^rulesets\/([^/]+)\/ruleset\.yaml$/;
const VARIANT = /^rulesets\/([^/]+)\/variants\/[^/]+\.ya?ml$/;

export function entryOf(game: string): string {
  return `${RULESETS_DIR}/${game}/ruleset.yaml`;
}

/** The game folder a path is in, if any. */
export function gameOf(path: string): string | undefined {
  return /^rulesets\/([^/]+)\//.exec(path)?.[1];
}

export function isVariantPath(path: string): boolean {
  return VARIANT.test(path);
}

export function listGames(paths: Iterable<string>, textOf: (path: string) => string | undefined): GameInfo[] {
  const games: GameInfo[] = [];
  for (const path of paths) {
    const id = ENTRY.exec(path)?.[1];
    if (id) games.push({ id, name: topLevelScalar(textOf(path) ?? '', 'name') ?? id, entry: path });
  }
  return games.sort((a, b) => a.name.localeCompare(b.name));
}

/** Variant files of a game, by file name. */
export function variantsOf(game: string, paths: Iterable<string>): string[] {
  return [...paths].filter((p) => isVariantPath(p) && gameOf(p) === game).sort();
}

/** The base ruleset's files: the entry first, then the files beside it (not variants). */
export function baseFilesOf(game: string, paths: Iterable<string>): string[] {
  const prefix = `${RULESETS_DIR}/${game}/`;
  const entry = entryOf(game);
  const others = [...paths].filter((p) => p.startsWith(prefix) && p !== entry && !p.slice(prefix.length).includes('/') && /\.ya?ml$/.test(p));
  return [entry, ...others.sort()];
}

// Labels are read by lines, as the CLI reads templates' (interpreter/load/new-game.ts).
export { topLevelScalar };

/** The variant's `name:` without the base's name in front, as a label (`Dragut – night` → `Night`). */
export function variantLabel(text: string, baseName: string, path: string): string {
  const name = topLevelScalar(text, 'name');
  // The game's name, or its title before a subtitle ("Dragut" of "Dragut – Il Sacco di Rapallo").
  const prefixes = baseName ? [baseName, baseName.split(/\s[:–—-]\s|:\s/)[0]!] : [];
  const prefix = prefixes.find((p) => name?.startsWith(p) && (name.length === p.length || /^[\s:–—-]/.test(name.slice(p.length))));
  const short = name && prefix ? name.slice(prefix.length).replace(/^[\s:–—-]+/, '') : name;
  // Cut from a title, the rest starts as it stood in it: lower case beside the other labels.
  return short ? short.charAt(0).toUpperCase() + short.slice(1) : path.slice(path.lastIndexOf('/') + 1);
}
