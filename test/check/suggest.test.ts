/**
 * The checker's did-you-mean (interpreter/check/suggest.ts), on the edit distance it shares with
 * the parser's (grammar/did-you-mean.ts).
 */
import { describe, expect, test } from 'vitest';
import { closest, didYouMean, didYouMeanShort } from '../../interpreter/check/suggest.ts';

describe("the checker's did-you-mean", () => {
  test('should offer a name within a third of the word\'s length, the alphabetically first of equals, never the word itself', () => {
    expect(closest('cf', ['mf', 'turn'])).toBe('mf');
    expect(closest('cash', ['turn'])).toBeUndefined();
    expect(closest('alamr_level', ['alarm_level', 'alarm_levels'])).toBe('alarm_level');
    expect(closest('unti', ['unit', 'unto'])).toBe('unit');
    expect(closest('unit', ['unit'])).toBeUndefined();
    expect(didYouMean('Reserv', ['Reserve'])).toEqual({ text: ' Did you mean `Reserve`?', suggestion: 'Reserve' });
  });

  test('should not offer a long name far from a long word (the old length shortcut did)', () => {
    // 34 characters against 24: ten apart in length, 28 edits apart in fact; the limit is 11.
    expect(closest(`${'x'.repeat(30)}once`, ['action_raise_alarm_level'])).toBeUndefined();
    expect(closest(`${'x'.repeat(24)}rezaierd`, ['battle_of_seattle_extended_game'])).toBeUndefined();
    // A long word with one typo is still found.
    expect(closest('send_to_seraglio_from_pol', ['send_to_seraglio_from_pool'])).toBe('send_to_seraglio_from_pool');
  });
});

describe("the checker's did-you-mean for codes of one or two letters", () => {
  test('should offer a code only when it alone is nearest, a letter or a case away', () => {
    const crt = ['AL', 'DL', 'BL', 'NE'];
    expect(didYouMeanShort('DX', crt)).toEqual({ text: ' Did you mean `DL`?', suggestion: 'DL' });
    expect(didYouMeanShort('dl', crt).suggestion).toBe('DL');
    expect(didYouMeanShort('XL', crt)).toEqual({ text: '' });
    expect(didYouMeanShort('X', ['A', 'N', 'D'])).toEqual({ text: '' });
    expect(didYouMeanShort('ZZ', crt)).toEqual({ text: '' });
  });
});
