/**
 * Inputs for the fast YAML reader's agreement test (fast-yaml.test.ts): mutations of real ruleset
 * text (a file or a run of its lines, with characters, indentation and lines edited) and small
 * documents generated from the shapes rulesets use, with the edge cases yaml treats specially.
 */
import fc from 'fast-check';

/** Text a mutation inserts: YAML's indicators, breaks, indentation and scalars of every type. */
const PIECES = [' ', ':', ': ', '-', '- ', '#', ' #', '[', ']', '{', '}', ',', "'", '"', '|', '>', '|-', '>-', '\n', '\n  ', '&a', '*a', '!', '?',
  '\\', '0', '.', 'e', '0x1', '~', 'true', 'null', '1.5', '  ', '\\u0041', "''", 'k: v', '\n- ', '\n#c\n', '\n\n', '+', '.inf', ' ]', ',\n'];

const edit = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), piece: fc.constantFrom(...PIECES) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constantFrom('copy-line' as const, 'drop-line' as const, 'indent' as const, 'dedent' as const), at: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applyEdit(text: string, e: Edit): string {
  if (e.kind === 'insert' || e.kind === 'delete') {
    const at = e.at % (text.length + 1);
    return e.kind === 'insert' ? text.slice(0, at) + e.piece + text.slice(at) : text.slice(0, at) + text.slice(at + e.length);
  }
  const lines = text.split('\n');
  const j = e.at % lines.length;
  if (e.kind === 'copy-line') lines.splice(j, 0, lines[j]!);
  else if (e.kind === 'drop-line') lines.splice(j, 1);
  else if (e.kind === 'indent') lines[j] = ' ' + lines[j];
  else lines[j] = lines[j]!.replace(/^ {1,2}/, '');
  return lines.join('\n');
}

/** A run of `length` lines from `start`, shifted left as far as its least indented line. */
function excerpt(text: string, start: number, length: number): string {
  const lines = text.split('\n');
  const part = lines.slice(start % lines.length, (start % lines.length) + length);
  const indents = part.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return part.map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length))).join('\n') + '\n';
}

export function mutatedYaml(texts: readonly string[]): fc.Arbitrary<string> {
  const source = fc.oneof(
    fc.constantFrom(...texts),
    fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.integer({ min: 3, max: 30 })).map(([t, s, n]) => excerpt(t, s, n)),
  );
  return fc.tuple(source, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([t, edits]) => edits.reduce(applyEdit, t));
}

const SCALARS = ['a', 'b c', '1', '-2', '0x1F', '0o17', '1.50', '.5', '1e3', '-.inf', '.NaN', 'true', 'False', '~', 'null', '"q"', '"e\\n\\t\\u00e9"',
  "'it''s'", 'x:y', 'a#b', '12abc', '+1', '007', '1_000', "''", '""', '-', '?x', '3-5', '5+', '2d6 + 1'];
const KEYS = ['a', 'b', 'roll', 'x y', '"k"', "'q'", '1', '1-5', '6', 'true', 'id', 'note', 'rows', 'c', '1.0'];

const scalar = fc.constantFrom(...SCALARS);
const key = fc.constantFrom(...KEYS);
const comment = fc.constantFrom('', '', '', ' # c');
/** A break inside a flow collection: mostly a space, sometimes a new line indented 0–4. */
const flowBreak = fc.oneof({ weight: 4, arbitrary: fc.constant(' ') }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 4 }).map((n) => '\n' + ' '.repeat(n)) });

const { flow } = fc.letrec<{ flow: string }>((tie) => ({
  flow: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.tuple(fc.array(fc.tuple(tie('flow'), flowBreak), { maxLength: 3 }), flowBreak, fc.boolean())
      .map(([items, end, comma]) => '[' + items.map(([v, b]) => v + ',' + b).join('').replace(/,\s*$/, comma ? ',' : '') + end.trimEnd() + ']'),
    fc.tuple(fc.array(fc.tuple(key, tie('flow'), flowBreak), { maxLength: 3 }), flowBreak)
      .map(([items, end]) => '{' + items.map(([k, v, b]) => `${k}: ${v},${b}`).join('').replace(/,\s*$/, '') + end.trimEnd() + '}'),
  ),
}));

/** A block scalar's lines at `indent`: text, blank and space-only lines, more-indented lines, key-like lines. */
function blockLines(indent: number): fc.Arbitrary<string> {
  const pad = ' '.repeat(indent);
  const line = fc.oneof(
    fc.constant(''),
    fc.integer({ min: 0, max: indent + 2 }).map((n) => ' '.repeat(n)),
    fc.integer({ min: 1, max: 3 }).map((n) => pad + ' '.repeat(n) + 'more'),
    fc.tuple(key, scalar).map(([k, v]) => `${pad}${k}: ${v}`),
    fc.constantFrom('text', 'roll: 2d6', 'note: # not a comment', 'let x = 1').map((t) => pad + t),
  );
  return fc.array(line, { minLength: 1, maxLength: 5 }).map((ls) => ls.join('\n'));
}

/** A value after `key:` (or `-`) at indentation `indent`, `depth` levels down. */
function valueAt(indent: number, depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    fc.tuple(scalar, comment).map(([s, c]) => ' ' + s + c),
    flow.map((f) => ' ' + f),
    fc.tuple(fc.constantFrom('|', '|-', '>', '>-', '|+', '|2'), comment, fc.integer({ min: 1, max: 3 }))
      .chain(([h, c, step]) => blockLines(indent + step).map((b) => ` ${h}${c}\n${b}`)),
    comment,
  );
  if (depth >= 3) return leaf;
  const nested = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.boolean()).chain(([step, isList, atKeyColumn]) => {
    const inner = isList && atKeyColumn ? indent : indent + step;
    const pad = ' '.repeat(inner);
    const entry = isList
      ? fc.oneof(valueAt(inner + 2, depth + 1).map((v) => `${pad}-${v}`), fc.tuple(key, valueAt(inner + 2, depth + 1)).map(([k, v]) => `${pad}- ${k}:${v}`))
      : fc.tuple(key, valueAt(inner, depth + 1)).map(([k, v]) => `${pad}${k}:${v}`);
    const withComments = fc.tuple(fc.constantFrom('', '', `${pad}# about it\n`, '\n'), entry).map(([c, e]) => c + e);
    return fc.array(withComments, { minLength: 1, maxLength: 3 }).map((es) => '\n' + es.join('\n'));
  });
  return fc.oneof(leaf, nested);
}

export const generatedYaml: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('', '# header\n'), fc.array(fc.tuple(key, valueAt(0, 0)), { minLength: 1, maxLength: 4 }), fc.constantFrom('', '\n', '\n', '\n# trailing\n'))
  .map(([head, entries, tail]) => head + entries.map(([k, v]) => `${k}:${v}`).join('\n') + tail);
