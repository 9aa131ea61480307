/**
 * `npm run schema:docs`: writes `markdownDescription` beside every `description` in
 * grammar/ruleset.schema.json. Editors that speak the YAML language server (VS Code among them)
 * render it as Markdown, so the backticked names in descriptions show as code, with the node's
 * `default` and `examples`. The descriptions stay the one source; a test fails when the file is
 * stale (test/load/schema-docs.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SCHEMA_PATH = fileURLToPath(new URL('../grammar/ruleset.schema.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value as Markdown code: strings as written, everything else as JSON. */
const code = (v: Json): string => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;

/** The Markdown shown for a schema node: its description, then its default and examples. */
export function markdownOf(node: { [key: string]: Json }): string {
  const parts = [String(node.description)];
  if (node.default !== undefined) parts.push(`Default: ${code(node.default)}.`);
  if (Array.isArray(node.examples) && node.examples.length) parts.push(`Examples: ${node.examples.map(code).join(', ')}.`);
  return parts.join('\n\n');
}

/** Keywords whose values are data, not schemas: copied as they are. */
const DATA_KEYWORDS = new Set(['default', 'examples', 'const', 'enum']);
/** Keywords whose values map names to schemas: a key there (`default`, `enum`) is a name. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/** The schema with every node's `markdownDescription` (re)made, placed right after `description`. */
export function withMarkdown(value: Json, isMap = false): Json {
  if (Array.isArray(value)) return value.map((v) => withMarkdown(v));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  if (isMap) {
    for (const [key, child] of Object.entries(value)) out[key] = withMarkdown(child);
    return out;
  }
  const isDocumented = typeof value.description === 'string';
  for (const [key, child] of Object.entries(value)) {
    if (key === 'markdownDescription' && isDocumented) continue;
    out[key] = DATA_KEYWORDS.has(key) ? child : withMarkdown(child, SCHEMA_MAPS.has(key));
    if (key === 'description' && isDocumented) out.markdownDescription = markdownOf(value);
  }
  return out;
}

/** The file's text as the script writes it. */
export function schemaText(schema: Json): string {
  return `${JSON.stringify(withMarkdown(schema), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, schemaText(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as Json));
}
