/**
 * Words for schema diagnostics: how to name a path, a JSON type and a value to a designer.
 */
import type { DataPath } from './model.ts';

/** `tables.crt.rows`, `flow.phases[2].do`; the empty path is the file's top level. */
export function pathLabel(path: DataPath): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** "in `tables.crt`" or "at the top level". */
export function where(path: DataPath): string {
  return path.length === 0 ? 'at the top level' : `in \`${pathLabel(path)}\``;
}

/** "`tables.crt.roll`", or "the file" for the top level. */
export function subject(path: DataPath): string {
  return path.length === 0 ? 'The file' : `\`${pathLabel(path)}\``;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: '`true` or `false`',
  object: 'a mapping (`key: value` lines)',
  array: 'a list',
  null: 'empty',
};

/** "text or a list" for a JSON Schema `type` value. */
export function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  const words = types.map((t) => TYPE_WORDS[String(t)] ?? String(t));
  if (words.length <= 1) return words[0] ?? 'something else';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** How a value that has the wrong type reads: "text", "a list", "2.5". */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return value.length <= 20 ? `the text "${value}"` : 'text';
  return `\`${String(value)}\``;
}

/**
 * The boolean a word meant when YAML 1.1 (and many other tools) read it as one but YAML 1.2, which
 * rulesets are read with, reads it as text: `yes`/`no`, `on`/`off`, `y`/`n`, any case.
 */
export function yamlOneOneBoolean(value: unknown): boolean | undefined {
  if (typeof value !== 'string') return undefined;
  const word = value.toLowerCase();
  if (word === 'yes' || word === 'on' || word === 'y') return true;
  if (word === 'no' || word === 'off' || word === 'n') return false;
  return undefined;
}

/** The hint for such a word where a boolean belongs. */
export const yamlBooleanHint = (value: string, meant: boolean): string => `\`${value}\` is text in the YAML rulesets are read with (YAML 1.2); write \`${meant}\`.`;

/** A list of allowed keys or values for a hint, shortened when long. */
export function listWords(items: readonly unknown[], limit = 12): string {
  const shown = items.slice(0, limit).map((item) => `\`${String(item)}\``);
  return items.length > limit ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** A valid id that resembles `text` (`Crt` → `crt`, `2d6 table` → `t_2d6_table`). */
export function suggestId(text: string): string {
  const snake = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (snake === '') return 'id';
  return /^[a-z]/.test(snake) ? snake : `t_${snake}`;
}
