/**
 * Issue 5's typing budget, measured in the built app on the largest game (Battle of Seattle):
 * markers within 300 ms after typing stops (p95), and little main-thread work per keystroke.
 *
 * Instrumentation runs in the page (a string script: the repository's type check has no DOM lib):
 * - a keystroke's main-thread work: capture listeners on `window` start a clock at `keydown`,
 *   `keypress` and `keyup` (each its own task when Playwright dispatches the key), and a
 *   MessageChannel message posted there stops it once that task (all handlers and microtasks) is
 *   done; the frame after the keydown is timed the same way from a requestAnimationFrame callback
 *   (Monaco renders in rAF) to the end of the frame. The sum is the keystroke's work.
 * - marker latency: from the last keystroke's keydown to the first DOM mutation after which the
 *   editor shows the expected squiggles AND the Problems panel lists (or no longer lists) the problem.
 * - long tasks (> 50 ms) on the main thread, from a PerformanceObserver.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, useServedApp, type serveDist, type Session } from './harness.ts';
import { goToLine, openFile, pickGame, problems, waitForChecks, waitForEditor, waitForLine } from './editor-page.ts';

const FILE = 'rulesets/battle-of-seattle/tables-combat.yaml';
const ROW = '"6": [VM, A, A, X, X, X]';
const LINES = readFileSync(join(ROOT, FILE), 'utf8').split('\n');
const LINE = LINES.findIndex((l) => l.trim() === ROW) + 1;
const INDENT = LINES[LINE - 1]?.indexOf('"') ?? 0;
const CODE = 'unknown-result-code';
/** Edits: each pair breaks the cell (`VM` → `MV`) and mends it again. */
const PAIRS = 10;
/** Gap between keys, like a quick typist (below the debounce, so a word is checked once). */
const KEY_DELAY_MS = 40;

const INSTRUMENT = `(() => {
  const L = (window.__lat = { keys: [], longtasks: [], lastKey: 0, want: null, hit: 0 });
  const port = new MessageChannel();
  const open = [];
  port.port1.onmessage = () => {
    const t = performance.now();
    const done = open.shift();
    if (done) done.rec.spans.push([done.t0, t, done.part]);
  };
  const time = (rec, t0, part) => { open.push({ rec, t0, part }); port.port2.postMessage(0); };
  addEventListener('keydown', () => {
    const t0 = performance.now();
    const rec = { t0, spans: [] };
    L.keys.push(rec);
    L.lastKey = t0;
    time(rec, t0, 'keydown');
    requestAnimationFrame(() => time(rec, performance.now(), 'frame'));
  }, true);
  for (const type of ['keypress', 'keyup']) addEventListener(type, () => {
    const rec = L.keys[L.keys.length - 1];
    if (rec) time(rec, performance.now(), type);
  }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) L.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (L.want === null || L.hit) return;
    const squiggles = document.querySelectorAll('rs-code-editor .view-overlays .squiggly-error').length;
    const listed = !!document.querySelector('rs-problems-panel')?.shadowRoot?.querySelector('button[data-code="${CODE}"]');
    if (L.want ? squiggles > 0 && listed : squiggles === 0 && !listed) L.hit = performance.now();
  };
  const observer = new MutationObserver(check);
  const options = { childList: true, subtree: true, attributes: true, characterData: true };
  observer.observe(document.querySelector('rs-code-editor'), options);
  observer.observe(document.querySelector('rs-problems-panel').shadowRoot, options);
})()`;

interface Sample {
  want: boolean;
  ms: number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};
/** Total length of the union of [start, end] spans. */
const busy = (spans: [number, number, string][]) => {
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

describe('typing latency (issue 5)', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('latency', (srv, session) => {
    server = srv;
    s = session;
  });

  test(`markers should follow ${PAIRS * 2} edits of Battle of Seattle within 300 ms (p95), with little main-thread work per keystroke`, async () => {
    expect(LINE).toBeGreaterThan(0);
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await openFile(page, FILE);
    expect((await problems(page)).filter((p) => p.code === CODE)).toEqual([]);
    await page.evaluate(INSTRUMENT);

    // Select the cell's `VM` once; each edit types over the selection and selects what it typed.
    await goToLine(page, LINE, INDENT + '"6": ['.length + 1);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.evaluate('window.__lat.keys.length = 0; window.__lat.longtasks.length = 0; window.__lat.phase = performance.now()');

    const samples: Sample[] = [];
    for (let i = 0; i < PAIRS * 2; i++) {
      const want = i % 2 === 0;
      await page.evaluate(`window.__lat.want = ${want}; window.__lat.hit = 0`);
      await page.keyboard.type(want ? 'MV' : 'VM', { delay: KEY_DELAY_MS });
      const result = async () => (await page.evaluate('[window.__lat.hit, window.__lat.lastKey]')) as [number, number];
      await expect.poll(async () => (await result())[0] > 0, { timeout: 10_000, interval: 20 }).toBe(true);
      const [hit, lastKey] = await result();
      expect(hit, `edit ${i + 1}: the marker changed before the last keystroke`).toBeGreaterThan(lastKey);
      samples.push({ want, ms: hit - lastKey });
      await waitForChecks(page);
      if (i === 0) {
        await waitForLine(page, `${' '.repeat(INDENT)}"6": [MV, A, A, X, X, X]`);
        await s.shot('marker-shown');
      }
      if (i === 1) await s.shot('marker-cleared');
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('Shift+ArrowLeft');
      // A designer pauses between edits; let the page settle so edits do not overlap.
      await page.waitForTimeout(150);
    }
    await waitForLine(page, `${' '.repeat(INDENT)}${ROW}`);
    await s.shot('after-edits');

    const lat = (await page.evaluate('window.__lat')) as { keys: { spans: [number, number, string][] }[]; longtasks: { start: number; duration: number }[]; phase: number };
    // A keystroke's work: the union of its timed spans (they may overlap when tasks queue up).
    const work = lat.keys.map((k) => busy(k.spans));
    // Keys that type a character (they have a keypress) change the text; the rest are Shift and arrows.
    const typed = lat.keys.filter((k) => k.spans.some((x) => x[2] === 'keypress')).map((k) => busy(k.spans));
    const part = (name: string) => lat.keys.flatMap((k) => k.spans.filter((x) => x[2] === name).map((x) => x[1] - x[0]));
    const longtasks = lat.longtasks.filter((t) => t.start >= lat.phase).map((t) => t.duration);
    const all = samples.map((x) => x.ms);
    const shown = samples.filter((x) => x.want).map((x) => x.ms);
    const cleared = samples.filter((x) => !x.want).map((x) => x.ms);
    console.log(`marker latency after the last keystroke, ${all.length} edits: p50 ${ms(quantile(all, 0.5))}, p95 ${ms(quantile(all, 0.95))}, max ${ms(Math.max(...all))}`);
    console.log(`  marker shown   (${shown.length}): p50 ${ms(quantile(shown, 0.5))}, p95 ${ms(quantile(shown, 0.95))}; all: ${shown.map((x) => x.toFixed(0)).join(', ')}`);
    console.log(`  marker cleared (${cleared.length}): p50 ${ms(quantile(cleared, 0.5))}, p95 ${ms(quantile(cleared, 0.95))}; all: ${cleared.map((x) => x.toFixed(0)).join(', ')}`);
    console.log(`main-thread work per keystroke, all ${work.length} keys: p50 ${ms(quantile(work, 0.5))}, p95 ${ms(quantile(work, 0.95))}, max ${ms(Math.max(...work))}`);
    console.log(`  typed characters (${typed.length}): p50 ${ms(quantile(typed, 0.5))}, p95 ${ms(quantile(typed, 0.95))}, max ${ms(Math.max(...typed))}`);
    console.log('  spans by task (a span ends when the task and any task queued before the probe are done):');
    for (const name of ['keydown', 'keypress', 'keyup', 'frame']) {
      const xs = part(name);
      console.log(`  ${name.padEnd(8)} (${xs.length}): p50 ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}, max ${ms(Math.max(...xs))}`);
    }
    console.log(`long tasks (> 50 ms) while editing: ${longtasks.length}${longtasks.length ? `, max ${ms(Math.max(...longtasks))}: ${longtasks.map((d) => d.toFixed(0)).join(', ')}` : ''}`);

    expect(all).toHaveLength(PAIRS * 2);
    expect(quantile(all, 0.95)).toBeLessThanOrEqual(300);
    // The machine is shared and noisy: the median keystroke must fit a frame; no task may be huge.
    expect(typed).toHaveLength(PAIRS * 4);
    expect(quantile(work, 0.5)).toBeLessThanOrEqual(16);
    expect(quantile(typed, 0.5)).toBeLessThanOrEqual(16);
    expect(Math.max(0, ...longtasks)).toBeLessThanOrEqual(200);
    expect(s.errors).toEqual([]);
  });
});
