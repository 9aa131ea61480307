/** What the shell shows, derived from the workspace and the validator's results. */
import { entryOf, topLevelScalar, variantLabel } from '../../workspace/catalog.ts';
import type { Workspace } from '../../workspace/workspace.ts';
import type { ActiveRuleset, Diagnostic } from '../../validator/protocol.ts';
import type { ViewId } from '../../events.ts';
import type { FileItem, RulesetItem } from '../ruleset-nav/ruleset-nav.ts';

/** Where the user was, restored on reload. */
export interface UiState {
  game: string;
  entry: string;
  openPath: string;
  view: ViewId;
}

export const UI_SETTING = 'ui';

/** The base ruleset and the variants of a game, for the nav. */
export function rulesetItems(ws: Workspace, game: string): RulesetItem[] {
  const base: RulesetItem = { entry: entryOf(game), label: 'Base ruleset', user: false };
  const baseName = topLevelScalar(ws.text(entryOf(game)) ?? '', 'name') ?? '';
  const variants = ws.variants(game).map((path) => ({
    entry: path,
    label: variantLabel(ws.text(path) ?? '', baseName, path),
    file: path.slice(path.lastIndexOf('/') + 1),
    user: !ws.isShipped(path),
  }));
  return [base, ...variants];
}

/** Files of the active ruleset: what the loader read when it has loaded, else what it will read. */
export function fileItems(ws: Workspace, game: string, entry: string, active: ActiveRuleset | undefined, diagnostics: readonly Diagnostic[]): FileItem[] {
  const known = active?.entry === entry ? active.files : [];
  const base = entryOf(game);
  // Stable order while files load: the entry, the base entry, then the rest by name.
  const rest = [...new Set([...known, ...ws.baseFiles(game)])].filter((p) => p !== entry && p !== base).sort();
  const paths = [...new Set([entry, base, ...rest])].filter((p) => ws.text(p) !== undefined);
  return paths.map((path) => ({
    path,
    label: path.replace(/^rulesets\/[^/]+\//, ''),
    edited: ws.isEdited(path),
    errors: diagnostics.filter((d) => d.file === path && d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.file === path && d.severity === 'warning').length,
  }));
}

/** Restore a saved position if it still exists, else the game's base entry. */
export function restoreUi(ws: Workspace, saved: Partial<UiState> | undefined): UiState {
  const games = ws.games();
  const game = games.find((g) => g.id === saved?.game)?.id ?? games[0]?.id ?? '';
  const entry = saved?.entry && ws.text(saved.entry) !== undefined && saved.entry.startsWith(`rulesets/${game}/`) ? saved.entry : entryOf(game);
  const openPath = saved?.openPath && ws.text(saved.openPath) !== undefined && saved.openPath.startsWith(`rulesets/${game}/`) ? saved.openPath : entry;
  const view = saved?.view && ['tables', 'playtest', 'scenarios', 'simulate'].includes(saved.view) ? saved.view : saved?.view === 'diff' && ws.isVariant(entry) ? 'diff' : 'edit';
  return { game, entry, openPath, view };
}

/**
 * What to say when `path` is typed in while `entry` is selected: a file of the base game (not a
 * variant's) while a variant is the ruleset, so the edit changes the base and every variant of it.
 * Undefined when the edit stays inside the ruleset selected.
 */
export function baseEditNotice(ws: Workspace, game: string, entry: string, path: string): { gameName: string; file: string; variantName: string } | undefined {
  if (!ws.isVariant(entry) || ws.isVariant(path) || path === entry || !path.startsWith(`rulesets/${game}/`)) return undefined;
  const gameName = topLevelScalar(ws.text(entryOf(game)) ?? '', 'name') ?? game;
  return { gameName, file: path.replace(/^rulesets\/[^/]+\//, ''), variantName: variantLabel(ws.text(entry) ?? '', gameName, entry) };
}
