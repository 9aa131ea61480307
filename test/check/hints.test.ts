/**
 * Hints and quick fixes of diagnostics whose places the fixtures' inline expectations give
 * (fixtures.test.ts): what the designer is told to write, on the fixture line it is said at.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import type { Diagnostic } from '../../interpreter/diagnostics.ts';

function diagnosticsOf(name: string): Diagnostic[] {
  const path = `fixtures/${name}`;
  const loaded = loadRuleset(path, createMemoryHost({ [path]: readFileSync(join(import.meta.dirname, '../fixtures/check', name), 'utf8') }));
  return [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
}

/** The one diagnostic of `code` on `line`. */
function at(all: Diagnostic[], code: string, line: number): Diagnostic {
  const found = all.filter((d) => d.code === code && d.range.start.line === line);
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('unused-definition of an action no phase allows', () => {
  const all = diagnosticsOf('unused-actions.yaml');
  test('should say no phase allows it and name the phases with action menus, without a fix', () => {
    const d = at(all, 'unused-definition', 13);
    expect(d.message).toBe("The action `rest` is never allowed in any phase: no phase's `actions.allowed` names it, so no player can take it.");
    expect(d.hint).toBe('Add it to the `allowed:` list of the phase where it may be taken (phases with actions: `move`, `trench`), or remove it if it is left over.');
    expect(d.fix).toBeUndefined();
  });
});

describe("unknown-reference of a phase's `by`", () => {
  const all = diagnosticsOf('phase-by.yaml');
  const fixes: Array<[number, string]> = [[12, 'each side'], [14, 'each player'], [16, 'each side'], [18, 'all'], [20, 'each player'], [25, 'blue'], [32, 'each player']];
  test.each(fixes)('line %i should be fixed to %s', (line, text) => {
    const d = at(all, 'unknown-reference', line);
    expect(d.fix?.text).toBe(text);
    expect(d.message).toContain(`Did you mean \`${text}\`?`);
  });
  test('should say what `every side` is not, and what `each side` means', () => {
    const d = at(all, 'unknown-reference', 12);
    expect(d.message).toBe("`by: every side` names no side and is none of the forms `by` takes (a side's id, `each player`, `each side` or `all`). Did you mean `each side`?");
    expect(d.hint).toBe('Replace it with `each side`: the sides one after another.');
  });
  test('should tell both readings of `all players`, without a fix', () => {
    const d = at(all, 'unknown-reference', 23);
    expect(d.hint).toBe('Write `each player` for the players one after another (in turn order), or `all` for every seat at once (none of them active).');
    expect(d.fix).toBeUndefined();
  });
  test('should list the forms when nothing is close', () => {
    const d = at(all, 'unknown-reference', 27);
    expect(d.hint).toBe('Define it under `sides`, fix the spelling, or write `each player`, `each side` or `all`.');
    expect(d.fix).toBeUndefined();
  });
});

describe('never-equal of a table result', () => {
  const all = diagnosticsOf('result-values.yaml');
  test('compared with a number, should list the texts it can be', () => {
    const d = at(all, 'never-equal', 23);
    expect(d.hint).toBe('`r` is one of `AL`, `DL`, `BL`, `NE`: compare with one of those texts, in quotes.');
    expect(d.fix).toBeUndefined();
    expect(at(all, 'never-equal', 28).hint).toBe('`mode` is one of `short`, `long`: compare with one of those texts, in quotes.');
  });
  test("compared with a number whose text is one of its values, should quote the number", () => {
    const d = at(all, 'never-equal', 31);
    expect(d.hint).toBe('Compare with the text: `"2"`.');
    expect(d.fix?.text).toBe('"2"');
  });
  test('compared with a two-letter code a letter from one of its codes, should offer that code', () => {
    const d = at(all, 'never-equal', 24);
    expect(d.message).toBe('This `==` is always false: `r` is one of `AL`, `DL`, `BL`, `NE`, never `DX`. Did you mean `DL`?');
    expect(d.fix?.text).toBe('"DL"');
    expect(at(all, 'never-equal', 25).fix?.text).toBe('"DL"');
    expect(at(all, 'never-equal', 27).fix).toBeUndefined();
  });
});

describe("an area's type compared with a text, or written as a name", () => {
  const all = diagnosticsOf('area-types.yaml');
  test('a misspelt area type should be never-equal, fixed to the declared one', () => {
    const d = at(all, 'never-equal', 24);
    expect(d.message).toBe('This `==` is always false: `type` is one of `city`, `country`, never `cty`. Did you mean `city`?');
    expect(d.fix?.text).toBe('"city"');
  });
  test.each([[26, 'city'], [31, 'town'], [34, 'south'], [36, 'country']])('the bare text on line %i should be quoted: %s', (line, text) => {
    const d = at(all, 'unknown-name', line);
    expect(d.message).toContain('without quotes it is read as a name');
    expect(d.hint).toBe(`Write it in quotes: \`"${text}"\`.`);
    expect(d.fix?.text).toBe(`"${text}"`);
  });
  test('a piece kind or area type where `in` goes through something should be told to go through the pieces or areas of it, not to quote it', () => {
    const kind = at(all, 'unknown-name', 38);
    expect(kind.message).toBe('Unknown name `infantry`: `infantry` is a piece kind (the `kind` of `legion`), a text in scripts, and `in` goes through a list, deck, zone or area, not a text.');
    expect(kind.hint).toBe('Go through all pieces and keep that kind: `select u in pieces where u.kind == "infantry"` (a `where` of your own takes `u.kind == "infantry" and …`).');
    expect(kind.fix).toBeUndefined();
    expect(at(all, 'unknown-name', 39).hint).toBe('Go through all areas and keep that type: `select c in areas where c.type == "city"` (a `where` of your own takes `c.type == "city" and …`).');
    expect(at(all, 'unknown-name', 40).hint).toBe('Go through the list, deck, zone or area that holds what you mean.');
  });
  test('a bare name close to a text it is compared with should be offered that text', () => {
    expect(at(all, 'unknown-name', 27).fix?.text).toBe('"city"');
    const d = at(all, 'unknown-name', 32);
    expect(d.message).toBe('Unknown name `twon`. `setup` is a text (one of `town`, `countryside`): did you mean `"town"`?');
    expect(d.fix?.text).toBe('"town"');
  });
});

describe('unknown-property of a member kept for the whole game, or for another kind of owner', () => {
  const all = diagnosticsOf('per-owner.yaml');
  test('should say whether to read it plain or to change its `per:`, instead of listing the members', () => {
    expect(at(all, 'unknown-property', 15).hint).toBe('`money` is one track for the whole game: read it as `money`, or add `per: side` to its declaration to keep one for each side.');
    expect(at(all, 'unknown-property', 16).hint).toBe('`vp` is a track kept for each player, not for each side: read it from a player (`x.vp`), or change its `per:`.');
    expect(at(all, 'unknown-property', 19).hint).toBe('`morale` is one variable for the whole game: read it as `morale`, or add `per: side` to its declaration to keep one for each side.');
  });

  test('a name nothing declares keeps the did-you-mean or the list of members', () => {
    expect(at(all, 'unknown-property', 20).hint).not.toContain('per:');
  });
});

describe('one-chooser-for-each', () => {
  const all = diagnosticsOf('one-chooser.yaml');
  test("should offer the choice with `by p` put where the clause goes, or as its chooser", () => {
    expect(at(all, 'one-chooser-for-each', 15).fix?.text).toBe('secretly choose number from 0..p.coins by p prompt "Your bid" for each p in players');
    expect(at(all, 'one-chooser-for-each', 17).fix?.text).toBe('secretly choose number from 0..p.coins by p for each p in players');
  });
});

describe('unknown-name where a value is wanted', () => {
  const all = diagnosticsOf('value-suggestions.yaml');
  test('should not offer a procedure (no value) as the fix, but a value close to it', () => {
    const target = at(all, 'unknown-name', 21);
    expect(target.message).toBe('Unknown name `target`.');
    expect(target.fix).toBeUndefined();
    expect(at(all, 'unknown-name', 22).fix?.text).toBe('tally');
  });
});

describe('table-overlap', () => {
  const all = diagnosticsOf('tables.yaml');
  test('should name the values both bands hold, and the band that makes them disjoint', () => {
    const after = at(all, 'table-overlap', 16);
    expect(after.message).toBe('Row `7-12` overlaps row `2-7` on 7: a result would match both.');
    expect(after.hint).toBe('Start this row after 7 (`8-12`), or end `2-7` before 7.');
    const before = at(all, 'table-overlap', 21);
    expect(before.message).toBe('Row `2-6` overlaps row `5-12` on 5-6: a result would match both.');
    expect(before.hint).toBe('End this row before 5 (`2-4`), or start `5-12` after 6.');
    const inside = at(all, 'table-overlap', 26);
    expect(inside.hint).toBe('This row lies inside `2-12`: remove one of them, or cut `2-12` around it.');
    // A single value before cannot end before itself: the other way is to remove it.
    expect(at(all, 'table-overlap', 94).hint).toBe('Start this row after 2 (`3-6`), or remove `2`.');
    const column = all.find((d) => d.code === 'table-column-overlap')!;
    expect(column.message).toBe('Column `3-5` overlaps column `2-3` on 3: a result would match both.');
    expect(column.hint).toBe('Start this column after 3 (`4-5`), or end `2-3` before 3.');
  });
});
