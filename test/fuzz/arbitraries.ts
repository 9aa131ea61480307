/**
 * What the fuzzer feeds rulesmith, as fast-check arbitraries: text for the parser (noise, and soup
 * of the language's own words and symbols, which gets past the lexer into the parser), YAML-ish
 * text for the loader, and mutations of the shipped rulesets.
 */
import fc from 'fast-check';
import { constants, contextualKeywords, keywords, operators, wordOperators } from '../../grammar/index.ts';
import { DATA_MUTATIONS, SCRIPT_MUTATIONS, type Mutation } from './mutate.ts';
import { corpus } from './corpus.ts';

const SCRIPT_PIECES = [
  ...keywords, ...contextualKeywords, ...wordOperators, ...constants, ...operators,
  '(', ')', '[', ']', '{', '}', ',', '.', ':', '"', '"{', '}"', '\\', '--', '\n', ' ', '  ', '\t',
  '1', '0', '42', '2d6', 'd66', '3d[x]', '1-6', '7+', '1.5', '99999999999999999999', 'x', 'u', 'crt', 'p.hidden',
];

const YAML_PIECES = [
  'rulesmith: 1\n', 'name: x\n', 'flow:\n', '  phases:\n', '    - id: a\n', '      do: |\n', '        log "x"\n',
  'tables:\n', '  t: { roll: 1d6, rows: { 1-6: a } }\n', 'pieces:\n', '  u: { count: 2, side: red }\n', 'sides: { red: {}, blue: {} }\n',
  'tracks: { score: { initial: 0 } }\n', 'include: [x.yaml]\n', 'extends: ../a.yaml\n', 'victory: { when: "score > 3", do: "end game with { winner: red }" }\n',
  '- ', ': ', '{', '}', '[', ']', ',', '&a ', '*a', '!!str ', '? ', '|', '>', '#', '"', "'", '\n', '  ', '\t', '---\n', '...\n', '%YAML 1.2\n',
  'null', '~', 'true', '1e999', '0x1F', '.inf', '<<: *a\n', '\u00a0', '\ufeff', '\u2028',
];

/** Anything at all, and token soup that looks like rules text. */
export const rulesText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...SCRIPT_PIECES), { maxLength: 60 }).map((parts) => parts.join(' ')),
  fc.array(fc.constantFrom(...SCRIPT_PIECES), { maxLength: 60 }).map((parts) => parts.join('')),
);

/** Anything at all, and soup of YAML syntax and ruleset keys. */
export const yamlText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(fc.constantFrom(...YAML_PIECES), { maxLength: 40 }).map((parts) => parts.join('')),
  fc.tuple(fc.array(fc.constantFrom(...YAML_PIECES), { maxLength: 20 }), rulesText).map(([parts, script]) => `${parts.join('')}${JSON.stringify(script)}\n`),
);

/**
 * A mutation of a shipped ruleset. Script edits are drawn as often as data edits: they are what
 * reaches the runtime with a clean check, the mutants this fuzzer is most about.
 */
export function mutation(): fc.Arbitrary<Mutation> {
  const rulesets = corpus();
  const most = Math.max(...rulesets.map((r) => r.files.length));
  const record = (kinds: readonly Mutation['kind'][]) =>
    fc.record({
      ruleset: fc.nat(rulesets.length - 1),
      file: fc.nat(most - 1),
      kind: fc.constantFrom(...kinds),
      at: fc.nat(100_000),
      pick: fc.nat(100_000),
    });
  return fc.oneof(record(DATA_MUTATIONS), record(SCRIPT_MUTATIONS));
}
