/**
 * Import and Rename of a variant, over the workspace: what they write and what the top bar then
 * says. Kept apart from the shell so the rules are tested without a page.
 */
import { entryOf, topLevelScalar, variantLabel } from './catalog.ts';
import type { Workspace } from './workspace.ts';

/** `rulesets/g/variants/night.yaml` → `night.yaml` (download.ts has it too, with the DOM this module does without). */
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The text with its top-level `id:` set to `id`. */
function withId(text: string, id: string): string {
  return /^id:.*$/m.test(text) ? text.replace(/^id:.*$/m, `id: ${id}`) : text;
}

/**
 * Import a variant file. An identical one already there is reused. One whose `id` another
 * variant of the game has would be listed twice under one name, told apart by file name only:
 * `ask` offers to give it a free id (`<id>_2`…), and the notice says what was done.
 */
export function importVariant(ws: Workspace, game: string, fileName: string, text: string, ask: (question: string) => boolean): { path: string; notice: string } {
  const variants = ws.variants(game);
  const id = topLevelScalar(text, 'id');
  const clash = id && !variants.some((p) => ws.text(p) === text) ? variants.find((p) => topLevelScalar(ws.text(p) ?? '', 'id') === id) : undefined;
  if (!clash || !id) {
    const path = ws.addVariant(game, fileName, text);
    return { path, notice: `Imported ${fileName} as ${baseName(path)}.` };
  }
  const ids = new Set(variants.map((p) => topLevelScalar(ws.text(p) ?? '', 'id')));
  let fresh = `${id}_2`;
  for (let n = 3; ids.has(fresh); n++) fresh = `${id}_${n}`;
  const renew = ask(`${fileName} has the id ${id}, as ${baseName(clash)} has already: both would be listed under one name, told apart only by their file names. Give the imported copy the new id ${fresh}? (Cancel keeps ${id}.)`);
  const path = ws.addVariant(game, fileName, renew ? withId(text, fresh) : text);
  const same = `It has the id ${id} of ${baseName(clash)}`;
  return { path, notice: `Imported ${fileName} as ${baseName(path)}. ${renew ? `${same}, so its id is now ${fresh}.` : `${same}: the list tells them apart by file name.`}` };
}

/**
 * A variant's name as the list shows it (`Police on edge`) changed to `label`: its `name:` becomes
 * `<game's name> – <label>`, as New variant writes it. The file keeps its name (and so its place
 * in autosave, open views and undo). An error when there is nothing to change or it cannot be.
 */
export function renameVariant(ws: Workspace, game: string, path: string, label: string): { notice: string } | { error: string } {
  const text = ws.text(path);
  const typed = label.trim();
  if (text === undefined || !ws.isVariant(path)) return { error: `${baseName(path)} is not a variant.` };
  if (!typed) return { error: 'A variant needs a name.' };
  const gameName = topLevelScalar(ws.text(entryOf(game)) ?? '', 'name') ?? game;
  const before = variantLabel(text, gameName, path);
  const full = typed.startsWith(gameName) ? typed : `${gameName} – ${typed}`;
  if (typed === before || full === topLevelScalar(text, 'name')) return { notice: `${baseName(path)} is already named ${typed}.` };
  const line = `name: ${JSON.stringify(full)}`;
  const written = /^name:[ \t]*(.*)$/m.exec(text);
  // A name on lines of its own (`name: >-`) is changed in the file.
  if (written && /^[|>]/.test(written[1]!.trim())) return { error: `The name of ${baseName(path)} is written over several lines: change it in the file.` };
  const after = written ? text.replace(/^name:.*$/m, line) : /^id:.*$/m.test(text) ? text.replace(/^(id:.*)$/m, `$1\n${line}`) : `${line}\n${text}`;
  ws.update(path, after);
  return { notice: `Renamed ${before} to ${typed} (the name: in ${baseName(path)}; the file keeps its name). Ctrl+Z in the file takes it back.` };
}
