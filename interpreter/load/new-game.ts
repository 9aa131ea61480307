/**
 * A new game made from a template (`rulesmith init`, and New game in the editor): the template's
 * files with the new game's id and name, and a schema modeline that resolves where the files go.
 * Text in, text out, line by line on top-level keys, so every comment and the layout stay as the
 * template has them. Imports nothing: the editor's main thread takes it alone.
 */

/** `My Game!` → `my_game`: a ruleset id (a letter, then letters, digits and `_`), or none. */
export function gameId(text: string): string | undefined {
  const id = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(id) ? id.slice(0, 60).replace(/_+$/, '') : undefined;
}

/** `my-game` → `My game`: a name from a folder's. */
export function gameTitle(folder: string): string {
  const words = folder.replace(/[-_.]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The template's own id and name, as its entry file declares them. */
export function templateNames(entryText: string, fallback: string): { id: string; name: string } {
  return { id: topLevelScalar(entryText, 'id') ?? fallback, name: topLevelScalar(entryText, 'name') ?? fallback };
}

/**
 * One template file made the new game's: a top-level `id:` or `name:` that starts with the
 * template's (the entry's, and a variant's such as `<id>_long`) starts with the new game's
 * instead, and the `# yaml-language-server: $schema=` line names `schema`.
 */
export function adaptTemplate(text: string, o: { template: { id: string; name: string }; id: string; name: string; schema: string }): string {
  return text
    .replace(/^id:[ \t]*(\S+)[ \t]*$/m, (line, value: string) => (value.startsWith(o.template.id) ? `id: ${o.id}${value.slice(o.template.id.length)}` : line))
    .replace(/^name:[ \t]*(.+?)[ \t]*$/m, (line, value: string) => {
      const plain = unquote(value) ?? '';
      return plain.startsWith(o.template.name) ? `name: ${yamlText(o.name + plain.slice(o.template.name.length))}` : line;
    })
    .replace(/^# yaml-language-server: \$schema=.*$/m, () => `# yaml-language-server: $schema=${o.schema}`);
}

/** Text as a YAML value: plain when YAML reads it back as that same text, else double-quoted. */
export function yamlText(text: string): string {
  const plain = /^[A-Za-z\u00C0-\uFFFF][^:#{}[\],&*!|>'"%@`\\]*$/.test(text) && !/\s$/.test(text) && !/^(true|false|yes|no|on|off|null)$/i.test(text);
  return plain ? text : JSON.stringify(text);
}

/**
 * A top-level plain scalar (`name: Battle`, `name: "Battle"`) read without a YAML parser: the
 * editor's main thread loads none, and a template's or game's labels are all it needs.
 */
export function topLevelScalar(text: string, key: string): string | undefined {
  const match = new RegExp(`^${key}:[ \\t]*(.+?)[ \\t]*$`, 'm').exec(text);
  return match ? unquote(match[1]!) : undefined;
}

function unquote(written: string): string | undefined {
  let value = written.replace(/[ \t]+#.*$/, '');
  const quoted = /^"((?:[^"\\]|\\.)*)"$|^'((?:[^']|'')*)'$/.exec(value);
  if (quoted) value = quoted[1] !== undefined ? quoted[1].replace(/\\(.)/g, '$1') : quoted[2]!.replace(/''/g, "'");
  return value || undefined;
}

/** One entry of `rulesets/templates/index.yaml`. */
export interface TemplateChoice {
  id: string;
  description: string;
}

/**
 * The templates `index.yaml` lists, in order (the first is the default), read by lines as the
 * file writes them (`- id: x` then `  description: …`), so the CLI and the editor's main thread
 * read it alike; only the `folders` that exist, and folders it does not list after, by name.
 */
export function templateIndex(text: string, folders: readonly string[]): TemplateChoice[] {
  const listed: TemplateChoice[] = [];
  for (const line of text.split('\n')) {
    const id = /^-\s+id:\s*(.+?)\s*$/.exec(line)?.[1];
    if (id !== undefined) listed.push({ id: unquote(id) ?? id, description: '' });
    const description = /^\s+description:\s*(.+?)\s*$/.exec(line)?.[1];
    if (description !== undefined && listed.length) listed[listed.length - 1]!.description = unquote(description) ?? '';
  }
  const known = listed.filter((t) => folders.includes(t.id));
  return [...known, ...[...folders].sort().filter((f) => !known.some((t) => t.id === f)).map((id) => ({ id, description: '' }))];
}
