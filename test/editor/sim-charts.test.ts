import { describe, expect, test } from 'vitest';
import { histogram, shareText } from '../../editor/components/simulate-view/sim-charts.ts';
import { resultLabel as labelOf } from '../../interpreter/analysis/labels.ts';
import { wilson } from '../../interpreter/analysis/intervals.ts';

describe("Simulate's share labels", () => {
  test('a result should be labelled by the names of its side or seats, a shared win too', () => {
    const names = { pirates: 'Pirates', p1: 'Alice' };
    expect(labelOf('pirates — Seraglio threshold reached', names)).toBe('Pirates — Seraglio threshold reached');
    expect(labelOf('p2 — Richest company', names)).toBe('Player 2 — Richest company');
    // A walk read `tie: p1, p2` beside `Player 1`.
    expect(labelOf('tie: p1, p2 — Shared victory', names)).toBe('Tie: Alice, Player 2 — Shared victory');
  });

  test('a share should be labelled with its 95% interval as it is, lopsided near 0 and 100%', () => {
    expect(shareText({ share: 19 / 30, ci95: wilson(19, 30), count: 19 })).toBe('63.3% (45.5–78.1) · 19');
    // 30 of 30: the interval ends at 100%, where a ± half-width would reach past it.
    expect(shareText({ share: 1, ci95: wilson(30, 30), count: 30 })).toBe('100.0% (88.6–100.0) · 30');
    expect(shareText({ share: 0, ci95: wilson(0, 30), count: 0 })).toBe('0.0% (0.0–11.4) · 0');
  });
});

/** A lit template as the markup it would render (attribute and text values in place). */
function markup(t: unknown): string {
  if (Array.isArray(t)) return t.map(markup).join('');
  if (t && typeof t === 'object' && 'strings' in t) {
    const r = t as { strings: readonly string[]; values: unknown[] };
    return r.strings.map((s, i) => s + (i < r.values.length ? markup(r.values[i]) : '')).join('');
  }
  return typeof t === 'symbol' ? '' : String(t ?? '');
}

describe("Simulate's game-length chart", () => {
  test('games of one length should be one bar with its value, not a bar the width of the chart between two equal ends', () => {
    const one = markup(histogram('Game length: rounds', [8, 8, 8], 'rounds'));
    expect(one.match(/<rect class="bar"/g)).toHaveLength(1);
    expect(one).toContain('8 rounds (every game)');
    expect(one).not.toContain('mean');
    const two = markup(histogram('Game length: rounds', [8, 9], 'rounds'));
    expect(two.match(/<rect class="bar"/g)).toHaveLength(2);
    expect(two).toContain('mean 8.5');
    expect(two).toContain('8 rounds: 1 game<');
  });

  test('few games over many lengths should be binned as the games can fill, each bin naming its lengths', () => {
    // Ten games from 1 to 30 rounds: thirty one-round bars would stand mostly empty.
    const values = [1, 3, 4, 9, 12, 15, 15, 22, 28, 30];
    const few = markup(histogram('Game length: rounds', values, 'rounds'));
    expect(few.match(/<rect class="bar"/g)).toHaveLength(5);
    expect(few).toContain('<title>1–6 rounds: 3 games</title>');
    expect(few).toContain('<title>25–30 rounds: 2 games</title>');
    // Many games over a few lengths keep one bar per length.
    const many = markup(histogram('Game length: rounds', Array.from({ length: 1000 }, (_, i) => 10 + (i % 15)), 'rounds'));
    expect(many.match(/<rect class="bar"/g)).toHaveLength(15);
  });
});
