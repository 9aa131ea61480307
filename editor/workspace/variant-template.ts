/** The text and file name of a new variant: a file that `extends` its game's base ruleset. */
import { RULESETS_DIR, topLevelScalar } from './catalog.ts';

/** `Night battle!` → `night-battle` (file and folder names; ids use `_`); `<fallback>-…` when it would not start with a letter. */
export function slugify(name: string, fallback = 'variant'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return /^[a-z]/.test(slug) ? slug : `${fallback}-${slug || 'new'}`.replace(/-$/, '');
}

/** The first free `rulesets/<game>/variants/<slug>[-n].yaml`. */
export function uniqueVariantPath(game: string, slug: string, taken: ReadonlySet<string>): string {
  const dir = `${RULESETS_DIR}/${game}/variants`;
  let path = `${dir}/${slug}.yaml`;
  for (let n = 2; taken.has(path); n++) path = `${dir}/${slug}-${n}.yaml`;
  return path;
}

/** A new, empty variant of the base ruleset whose entry text is `baseText`. */
export function newVariantText(game: string, baseText: string, name: string, path: string): string {
  const baseId = topLevelScalar(baseText, 'id') ?? game.replace(/[^a-z0-9]+/g, '_');
  const baseName = topLevelScalar(baseText, 'name') ?? game;
  const file = path.slice(path.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '');
  const id = `${baseId}_${file.replace(/-/g, '_')}`.replace(/^[^a-z]+/, '');
  return [
    '# yaml-language-server: $schema=../../../grammar/ruleset.schema.json',
    `# A variant of ${baseName}: change elements by id, \`set:\` single values, \`remove:\` elements.`,
    'rulesmith: 1',
    `id: ${id}`,
    `name: ${JSON.stringify(`${baseName} – ${name}`)}`,
    'extends: ../ruleset.yaml',
    '',
  ].join('\n');
}
