/**
 * Numbers compare and print as a designer reads them: to 12 significant digits. Binary floating
 * point made `0.1 + 0.2 == 0.3` false, `1.1 * 3 >= 3.3` false, logs print 0.30000000000000004,
 * and a table key computed from fractions (`0.3 / 0.1` is 2.9999999999999996) missed its row.
 */
import { describe, expect, test } from 'vitest';
import { programFromText, scriptRules, startGame } from '../helpers/ruleset.ts';

const rules = (script: string) => scriptRules('decimals', 'tracks: { money: { initial: 0 } }\ntables: { t: { rows: { "1-2": low, "3": three, "4-6": high } } }', script);

function lines(script: string): string[] {
  const game = startGame(programFromText(rules(script)), { seed: 1 }, { log: 'full' });
  expect(game.error ?? null).toBeNull();
  return game.log.filter((e) => e.kind === 'log' || e.kind === 'change').map((e) => e.text);
}

describe('numbers to 12 significant digits', () => {
  test('sums and products of decimals should equal what they are on paper', () => {
    expect(lines('log "{0.1 + 0.2 == 0.3} {1.1 * 3 >= 3.3} {1.1 * 3 > 3.3} {1.1 * 3 <= 3.3} {1.1 * 3 < 3.3} {0.1 + 0.2 != 0.3}"')).toEqual(['true true false true false false']);
  });

  test('lists, ranges and records should compare their numbers the same way', () => {
    expect(lines('log "{0.3 in [0.1 + 0.2]} {0.1 + 0.2 in 0.3..1} {[0.3] == [0.1 + 0.2]} {{ p: 0.3 } == { p: 0.1 + 0.2 }}"')).toEqual(['true true true true']);
  });

  test('numbers apart beyond the 12th digit, and whole numbers, should stay different', () => {
    expect(lines('log "{3 == 3.0000001} {2 < 3} {3 < 3} {0.30001 > 0.3} {1000000 == 1000001}"')).toEqual(['false true false true false']);
  });

  test('logs should print the decimal, not the float noise', () => {
    expect(lines('log "{0.1 + 0.2} {1.1 * 3} {10 / 3}"\nmoney += 0.1\nmoney += 0.2')).toEqual(['0.3 3.3 3.33333333333', 'money: 0 → 0.1', 'money: 0.1 → 0.3']);
  });

  test('a table key computed from fractions should find the row its value names', () => {
    expect(lines('log "{t[0.3 / 0.1]} {t[1.1 * 3 - 0.3]}"').at(-1)).toBe('three three');
  });
});
