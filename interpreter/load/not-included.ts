/**
 * Names a ruleset uses that a YAML file beside it defines but its `include:` leaves out. A designer
 * who drops `- cards.yaml` from the list gets ten `unknown-name` and `unknown-property` errors for
 * `events` and `hand`, none saying where they are; each such problem's hint now names the file and
 * how to include it. Read only when such problems exist, from the host's listing of the ruleset's
 * folder (hosts that cannot list leave it out).
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import type { Diagnostic } from '../diagnostics.ts';
import { hintText, type FileHost } from './file-host.ts';
import type { RulesetModel } from './model.ts';

const NAMED: ReadonlyArray<[code: string, pattern: RegExp]> = [
  ['unknown-name', /^Unknown name `([^`]+)`/],
  ['unknown-property', / has no `([^`]+)`/],
  ['unknown-reference', /`([^`]+)`/],
];

const UNUSED = /`([A-Za-z_][A-Za-z0-9_]*)` is never used/;

/** `found` with a hint added to each unknown name that a file beside the ruleset, not included, defines. */
export function hintNotIncluded(model: RulesetModel, found: readonly Diagnostic[], host: FileHost): Diagnostic[] {
  const nameOf = (d: Diagnostic): string | undefined => {
    const pattern = NAMED.find(([code]) => code === d.code)?.[1];
    return pattern?.exec(d.message)?.[1];
  };
  if (!found.some((d) => nameOf(d) !== undefined) || !host.list) return [...found];
  const base = model.lineage[0] ?? model.entry;
  const folder = base.includes('/') ? base.slice(0, base.lastIndexOf('/')) : '.';
  const texts = new Map<string, string>();
  const defined = definedBeside(model, host, base, folder, texts);
  if (defined.size === 0) return [...found];
  const entryName = base.slice(base.lastIndexOf('/') + 1);
  return found.map((d) => {
    const unused = d.code === 'unused-definition' ? UNUSED.exec(d.message)?.[1] : undefined;
    // Used only by the part left out (a procedure its table rows call): the same include mends it.
    const user = unused === undefined ? undefined : [...texts].find(([, text]) => new RegExp(`(?<![A-Za-z0-9_])${unused}(?![A-Za-z0-9_])`).test(text))?.[0];
    if (user !== undefined) return { ...d, hint: `\`${unused}\` is used in ${user}, beside ${entryName}, which does not include it: add \`- ${user}\` under \`include:\` in ${entryName}.` };
    const name = nameOf(d);
    const file = name === undefined ? undefined : defined.get(name);
    if (file === undefined) return d;
    const note = `\`${name}\` is defined in ${file}, beside ${entryName}, which does not include it: add \`- ${file}\` under \`include:\` in ${entryName}.`;
    // The spelling and the definition are not what is wrong: the hint is only the include.
    return { ...d, hint: note };
  });
}

/** Each id a YAML file in `folder` (not read by the ruleset) defines, one level under its top keys → that file's name; each such file's text into `texts`. */
function definedBeside(model: RulesetModel, host: FileHost, base: string, folder: string, texts: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  const read = new Set(model.files.keys());
  for (const name of host.list!(folder) ?? []) {
    if (!/\.ya?ml$/.test(name)) continue;
    const path = host.resolve(base, name);
    if (read.has(path)) continue;
    const text = hintText(host, path);
    const doc = parseDocument(text);
    if (!isMap(doc.contents)) continue;
    // Another entry or a variant is a ruleset of its own, not a part left out.
    if (doc.contents.has('rulesmith') || doc.contents.has('extends')) continue;
    texts.set(name, text);
    for (const section of doc.contents.items) {
      if (!isMap(section.value)) continue;
      for (const item of section.value.items) {
        if (isScalar(item.key) && typeof item.key.value === 'string' && !out.has(item.key.value)) out.set(item.key.value, name);
      }
    }
  }
  return out;
}
