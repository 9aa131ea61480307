import { describe, expect, test } from 'vitest';
import { rulesetSchema } from '../../grammar/index.ts';
import { completionsAt, definitionAt, hoverAt, linesOf, referencesAt, scriptKeys, wordAt, type SymbolInfo } from '../../interpreter/language/index.ts';
import { builtinSymbols, createMemoryHost, loadRuleset, rulesetSymbols } from '../../interpreter/index.ts';

const SYMBOLS: SymbolInfo[] = [
  { name: 'score', kind: 'track', title: 'Score', location: { file: 'r.yaml', range: { start: { line: 2, column: 3 }, end: { line: 2, column: 8 } } } },
  { name: 'max', kind: 'function', title: 'max(…) — 1+ arguments' },
  { name: 'let', kind: 'keyword' },
];
const CTX = { symbols: SYMBOLS, scriptKeys: new Set(scriptKeys(rulesetSchema)) };
const LINES = linesOf('tracks:\n  score: { min: 0 }\nflow:\n  phases:\n    - id: only\n      do: |\n        let x = max(sc, 1)\n    side: sc');

describe('the language service', () => {
  test('the word under the cursor should include a cursor at its end', () => {
    expect(wordAt(LINES, 7, 22)).toEqual({ word: 'sc', line: 7, startColumn: 21, endColumn: 23 });
    expect(wordAt(LINES, 7, 23)?.word).toBe('sc');
    expect(wordAt(LINES, 7, 20)?.word).toBe('max');
  });

  test('completion in a script should offer everything, ranked ids first, replacing the word typed so far', () => {
    const { replace, items } = completionsAt(LINES, 7, 23, CTX);
    expect(replace).toEqual({ word: 'sc', line: 7, startColumn: 21, endColumn: 23 });
    expect(items.map((i) => i.name)).toEqual(['score', 'max', 'let']);
    expect(items.map((i) => i.sortText)).toEqual(['0score', '1max', '2let']);
  });

  test('completion in a script should offer the values true, false and none and the word operators, as keywords', () => {
    // Without them, typing `true` and Enter accepted whatever name the list showed first.
    const names = builtinSymbols().filter((s) => s.kind === 'keyword').map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['true', 'false', 'none', 'and', 'or', 'not', 'in', 'mod', 'let', 'if']));
    const items = completionsAt(LINES, 7, 23, { ...CTX, symbols: [...SYMBOLS, ...builtinSymbols()] }).items;
    expect(items.find((i) => i.name === 'true')).toMatchObject({ kind: 'keyword', sortText: '2true', documentation: 'The boolean value true.' });
  });

  test('completion in a plain value should offer ids only, and nothing at a key', () => {
    expect(completionsAt(LINES, 8, 13, CTX).items.map((i) => i.name)).toEqual(['score']);
    expect(completionsAt(LINES, 2, 4, CTX).items).toEqual([]);
  });

  test('completion after a section name and a dot should offer only that section\'s ids, in values, keys and scripts', () => {
    const symbols: SymbolInfo[] = [...SYMBOLS, { name: 'crt', kind: 'table', location: SYMBOLS[0]!.location! }, { name: 'north', kind: 'area', location: SYMBOLS[0]!.location! }];
    const ctx = { ...CTX, symbols };
    const text = linesOf('remove: [tables.]\nset:\n  "tables.c": x\n  map.areas.: y\nflow:\n  phases:\n    - id: only\n      do: |\n        let t = tables.\nnote: see tracks.');
    expect(completionsAt(text, 1, 17, ctx).items.map((i) => i.name)).toEqual(['crt']);
    const inKey = completionsAt(text, 3, 12, ctx);
    expect(inKey.items.map((i) => i.name)).toEqual(['crt']);
    expect(inKey.replace).toEqual({ word: 'c', line: 3, startColumn: 11, endColumn: 12 });
    expect(completionsAt(text, 4, 13, ctx).items.map((i) => i.name)).toEqual(['north']);
    expect(completionsAt(text, 9, 24, ctx).items.map((i) => i.name)).toEqual(['crt']);
    expect(completionsAt(text, 10, 18, ctx).items.map((i) => i.name)).toEqual(['score']);
    // Hosts ask again on `.`; the answer says whether a section came before it.
    expect(completionsAt(text, 1, 17, ctx).afterSection).toBe('table');
    expect(completionsAt(linesOf('flow:\n  phases:\n    - id: only\n      do: |\n        let s = unit.'), 5, 22, ctx).afterSection).toBeUndefined();
  });

  test('hover and definition should find ids and built-ins, not keys or keywords', () => {
    expect(hoverAt(LINES, 7, 19, CTX)?.contents[0]).toBe('**function** `max` — max(…) — 1+ arguments');
    expect(hoverAt(LINES, 7, 9, CTX)).toBeUndefined();
    expect(hoverAt(LINES, 2, 4, CTX)).toBeUndefined();
    const scoreLine = linesOf('flow:\n  phases:\n    - id: only\n      do: |\n        score += 1');
    expect(hoverAt(scoreLine, 5, 10, CTX)?.contents).toEqual(['**track** `score` — Score', 'Defined in `r.yaml` line 2']);
    expect(definitionAt(scoreLine, 5, 10, CTX)).toEqual(SYMBOLS[0]!.location);
    expect(definitionAt(LINES, 7, 19, CTX)).toBeUndefined();
  });

  test('references should list the uses of the name under the cursor, from a use or its defining key; none for built-ins', () => {
    const use = { file: 'r.yaml', range: { start: { line: 7, column: 21 }, end: { line: 7, column: 26 } } };
    const ctx = { ...CTX, references: [{ name: 'score', ...use }, { name: 'other', file: 'r.yaml', range: use.range }] };
    const scoreLine = linesOf('tracks:\n  score: { min: 0 }\nflow:\n  phases:\n    - id: only\n      do: |\n        score += 1');
    expect(referencesAt(scoreLine, 7, 10, ctx)).toEqual([SYMBOLS[0]!.location, use]);
    expect(referencesAt(scoreLine, 7, 10, ctx, false)).toEqual([use]);
    // At the key that defines it (line 2, `score:`).
    expect(referencesAt(scoreLine, 2, 4, ctx, false)).toEqual([use]);
    // A built-in function, a key that defines nothing, no word.
    expect(referencesAt(LINES, 7, 19, ctx)).toBeUndefined();
    expect(referencesAt(scoreLine, 1, 3, ctx)).toBeUndefined();
    expect(referencesAt(scoreLine, 6, 1, ctx)).toBeUndefined();
  });
});

describe("the ruleset's symbols as hover shows them", () => {
  const text = `rulesmith: 1
id: h
name: H
players: { min: 2, max: 2 }
tracks:
  morale: { name: Morale, min: 0, max: 10, per: side, initial: 5 }
variables:
  moved: { type: number, per: player, initial: 0 }
procedures:
  camp:
    params: [s, far]
    do: return s
actions:
  attack:
    name: Attack
    cost: 2
    when: moved == 0
    params:
      unit: pieces
      target: pieces
    do: moved += 1
flow:
  phases:
    - id: only
      do: |
        camp(1, 2)
`;
  const loaded = loadRuleset('h.yaml', createMemoryHost({ 'h.yaml': text }));
  const symbols = rulesetSymbols(loaded.model!);
  const ctx = { symbols, scriptKeys: new Set(scriptKeys(rulesetSchema)) };
  const lines = linesOf(text);
  const hover = (line: number, word: string) => hoverAt(lines, line, lines[line - 1]!.indexOf(word) + 2, ctx)?.contents;

  test('a procedure is shown as it is called, with its params', () => {
    expect(hover(26, 'camp')?.[0]).toBe('**procedure** `camp(s, far)`');
    expect(completionsAt(linesOf('flow:\n  phases:\n    - id: only\n      do: |\n        ca'), 5, 11, ctx).items.find((i) => i.name === 'camp')?.detail).toBe('camp(s, far)');
  });

  test('a variable, a track and an action say what they hold, under the name', () => {
    const of = (name: string) => symbols.find((s) => s.name === name)!.facts;
    expect(of('moved')).toBe('number per player · initial 0');
    expect(of('morale')).toBe('track 0–10 per side · initial 5');
    expect(of('attack')).toBe('cost 2 · chooses unit, target · when moved == 0');
    expect(hover(17, 'moved')).toEqual(['**variable** `moved`', 'number per player · initial 0\n\nDefined in `h.yaml` line 8']);
  });
});

describe('after a value and a dot in a script', () => {
  const text = `rulesmith: 1
id: m
name: M
players: { min: 1, max: 1 }
pieces:
  scout: { name: Scout, count: 2, props: { cf: 2, speed: 3 } }
tracks:
  fuel: { name: Fuel, per: piece, initial: 4 }
flow:
  phases:
    - id: only
      do: |
        let u = first p in pieces
        log "{u.cf}"
        let w = u.
`;
  const loaded = loadRuleset('m.yaml', createMemoryHost({ 'm.yaml': text }));
  const ctx = { symbols: [...rulesetSymbols(loaded.model!), ...builtinSymbols()], scriptKeys: new Set(scriptKeys(rulesetSchema)) };
  const lines = linesOf(text);

  test("completion should offer what a dot reads (props, per-piece values, built-in members), not the ruleset's globals", () => {
    const after = completionsAt(lines, 15, 19, ctx);
    expect(after.afterMember).toBe(true);
    const names = after.items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['cf', 'speed', 'fuel', 'area', 'side', 'name']));
    expect(names).not.toContain('scout');
    expect(names).not.toContain('max');
    // One entry per name, the ruleset's own first.
    expect(new Set(names).size).toBe(names.length);
    expect(after.items.find((i) => i.name === 'cf')).toMatchObject({ kind: 'member', sortText: '0cf' });
    // Elsewhere members are not names of their own.
    expect(completionsAt(lines, 13, 17, ctx).items.map((i) => i.name)).not.toContain('cf');
  });

  test('hover on a member should say whose it is and where it is written', () => {
    const contents = hoverAt(lines, 14, lines[13]!.indexOf('cf') + 2, ctx)?.contents;
    expect(contents?.[0]).toBe('**member** `cf`');
    expect(contents?.[1]).toContain('of Scout');
    expect(contents?.[1]).toContain('Defined in `m.yaml` line 6');
  });
});
