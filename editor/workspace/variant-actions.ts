/**
 * Import and Rename of a variant, over the workspace: what they write and what the top bar then
 * says. Kept apart from the shell so the rules are tested without a page.
 */
import { baseName } from './download.ts';
import { topLevelScalar } from './catalog.ts';
import type { Workspace } from './workspace.ts';

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
