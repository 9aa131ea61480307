import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compileEntry } from '../../editor/play/compile.ts';
import { lookupOdds } from '../../editor/tables/lookup-odds.ts';
import { ROOT, shippedGame } from './helpers.ts';

const TEMPLATE = 'rulesets/templates/card-driven/ruleset.yaml';

function program(files: Record<string, string>, entry: string) {
  const r = compileEntry(files, entry);
  if (!r.ok) throw new Error(r.message);
  return r.program;
}

test('a keyed table read with a modified roll: each value with its exact chance, at least, at most, the mean and the rows that gave it', () => {
  const p = program({ [TEMPLATE]: readFileSync(join(ROOT, TEMPLATE), 'utf8') }, TEMPLATE);
  const a = lookupOdds(p, 'coup_results[1d6 + 3]');
  if (!a.ok) throw new Error(a.message);
  expect(a.values.map((v) => [v.value, v.p, Math.round(v.atLeast!), Math.round(v.atMost!)])).toEqual([['0', '1/6', 100, 17], ['1', '1/3', 83, 50], ['2', '1/3', 50, 83], ['3', '1/6', 17, 100]]);
  expect(a.mean).toBe('3/2 ≈ 1.500');
  expect(a.cells.map((c) => c.cells)).toEqual(['coup_results row 2-4 (1d6 1 + 3 = 4)', 'coup_results row 5-6 (1d6 2, 3 + 3 = 5, 6)', 'coup_results row 7-8 (1d6 4, 5 + 3 = 7, 8)', 'coup_results row 9+ (1d6 6 + 3 = 9)']);
  // Each row's chance as weights over a common total, for the grid of a table without a roll.
  expect(a.rows).toEqual({ coup_results: { total: 6, weights: { '2-4': 1, '5-6': 2, '7-8': 2, '9+': 1 } } });
  // A path that reads no row of it leaves the rows' weights short of the total.
  const some = lookupOdds(p, 'if 1d6 > 4 then coup_results[1d6 + 1] else 0');
  if (!some.ok) throw new Error(some.message);
  expect(some.rows.coup_results).toEqual({ total: 18, weights: { '2-4': 3, '5-6': 2, '7-8': 1 } });
});

test('a table named alone is rolled on; coded results have no at least or at most; mistakes come back as messages', () => {
  const p = program(shippedGame('battle-of-seattle'), 'rulesets/battle-of-seattle/ruleset.yaml');
  const column = lookupOdds(p, 'roll on crt column 12');
  if (!column.ok) throw new Error(column.message);
  expect(column.values.map((v) => `${v.value} ${v.p}`)).toEqual(['N 1/6', 'VM 1/3', 'A 1/3', 'X 1/6']);
  expect(column.values.every((v) => v.atLeast === undefined)).toBe(true);
  const named = lookupOdds(p, 'random_events');
  expect(named.expression).toBe('roll on random_events');
  expect(named.ok).toBe(true);
  const wrong = lookupOdds(p, 'crt[nope]');
  expect(wrong).toMatchObject({ ok: false, expression: 'crt[nope]' });
  expect(!wrong.ok && wrong.message).toContain('nope');
  expect(lookupOdds(p, '  ')).toMatchObject({ ok: false });
});

test('cards and table rows that are records read by their names, as `rulesmith odds` prints them', () => {
  const entry = 'test/fixtures/odds/market/ruleset.yaml';
  const p = program({ [entry]: readFileSync(join(ROOT, entry), 'utf8') }, entry);
  const drawn = lookupOdds(p, 'draw from supply');
  if (!drawn.ok) throw new Error(drawn.message);
  expect(drawn.values.map((v) => `${v.value} ${v.p}`)).toEqual(['Silver 1/2', 'Oasis 3/10', 'Palace 1/5']);
});
