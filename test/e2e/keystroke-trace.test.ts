import { describe, expect, test } from 'vitest';
import { busyMs, keystrokeCosts, type TraceEvent } from './keystroke-trace.ts';

const PAGE = { pid: 1, tid: 1 };
const OTHER = { pid: 2, tid: 2 };
const meta = (where: { pid: number; tid: number }, name: string): TraceEvent => ({ ...where, ph: 'M', name: 'thread_name', ts: 0, args: { name } });
const task = (ts: number, ms: number, where = PAGE): TraceEvent => ({ ...where, ph: 'X', name: 'RunTask', ts, dur: ms * 1000 });
const span = (name: string, ts: number, ms: number, type?: string, where = PAGE): TraceEvent => ({ ...where, ph: 'X', name, ts, dur: ms * 1000, ...(type ? { args: { data: { type } } } : {}) });

/** A typed character at `t` µs: keydown+keypress task, a frame, a keyup task. */
function typedKey(t: number): TraceEvent[] {
  return [
    task(t, 3),
    span('EventDispatch', t + 100, 0.5, 'keydown'),
    span('EventDispatch', t + 700, 2, 'keypress'),
    task(t + 5000, 5),
    span('FireAnimationFrame', t + 5100, 3),
    span('Paint', t + 8500, 1),
    task(t + 12_000, 0.5),
    span('EventDispatch', t + 12_100, 0.2, 'keyup'),
  ];
}

describe('keystroke costs from a Chrome trace', () => {
  const events = [meta(PAGE, 'CrRendererMain'), meta(OTHER, 'CrRendererMain'), ...typedKey(1_000_000), ...typedKey(2_000_000)];

  test('each keydown should cost its task, its keyup task and the next frame', () => {
    expect(keystrokeCosts(events)).toEqual([
      { at: 1_000_000, typed: true, key: 3, keyup: 0.5, frame: 5, total: 8.5 },
      { at: 2_000_000, typed: true, key: 3, keyup: 0.5, frame: 5, total: 8.5 },
    ]);
  });

  test('a key without keypress should not count as typed, and a frame after the next key should not count', () => {
    const shift = [task(0, 1), span('EventDispatch', 10, 0.5, 'keydown'), task(2000, 1), span('EventDispatch', 2010, 0.5, 'keydown'), task(4000, 4), span('Paint', 4010, 1)];
    const costs = keystrokeCosts([meta(PAGE, 'CrRendererMain'), ...shift]);
    expect(costs.map((c) => [c.typed, c.frame])).toEqual([
      [false, 0],
      [false, 4],
    ]);
  });

  test('tasks of another renderer (a worker or another tab) should not count', () => {
    const noise = [task(1_004_000, 40, OTHER), span('Paint', 1_004_100, 30, undefined, OTHER)];
    expect(keystrokeCosts([...events, ...noise]).map((c) => c.total)).toEqual([8.5, 8.5]);
  });

  test('busy time should add every page task that runs wholly between two times', () => {
    const [first, second] = keystrokeCosts(events).map((c) => c.at);
    expect(busyMs(events, first!, second! + 20_000)).toBe(17);
    // The second key's keydown task ends after `second`, so only the first key's tasks count.
    expect(busyMs(events, first!, second!)).toBe(8.5);
    expect(busyMs(events, first! + 1, second!)).toBe(5.5);
  });

  test('a trace without key events should give nothing', () => {
    expect(keystrokeCosts([meta(PAGE, 'CrRendererMain'), task(0, 5)])).toEqual([]);
  });
});
