/**
 * Issue 5's typing budget, measured in the built app on the largest game (Battle of Seattle):
 * markers within 300 ms after typing stops (p95), and main-thread work per keystroke ≤ 16 ms.
 * Part of `npm run bench:editor`, not `npm test`: the figures are reported against the budgets
 * (budgets.ts); only the markers' appearing and clearing is asserted.
 *
 * - Marker latency is timed in the page (a string script: the repository's type check has no DOM
 *   lib): from the last keystroke's keydown to the first DOM mutation after which the editor shows
 *   the expected squiggles AND the Problems panel lists (or no longer lists) the problem.
 * - Work per keystroke comes from a Chrome trace of the same edits (keystroke-trace.ts): the
 *   key's own tasks and the frame that shows it, as Chrome accounts them. The whole main-thread
 *   time while typing is reported too, so work moved out of the keystroke still shows.
 * - Long tasks (> 50 ms) on the main thread come from a PerformanceObserver.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, useServedApp, type serveDist, type Session } from '../../e2e/harness.ts';
import { busyMs, keystrokeCosts, type TraceEvent } from '../../e2e/keystroke-trace.ts';
import { goToLine, openFile, pickGame, problems, waitForChecks, waitForEditor, waitForLine } from '../../e2e/editor-page.ts';
import { record } from './budgets.ts';

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
/** Issue 5's budgets. */
const MARKER_P95_MS = 300;
const KEYSTROKE_P50_MS = 16;
const LONG_TASK_MAX_MS = 200;
/** Edits reported apart at the start, while Monaco's code is still cold. */
const WARMUP_EDITS = 4;

const INSTRUMENT = `(() => {
  const L = (window.__lat = { longtasks: [], lastKey: 0, want: null, hit: 0 });
  addEventListener('keydown', () => { L.lastKey = performance.now(); }, true);
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
const ms = (n: number) => `${n.toFixed(1)} ms`;

describe('typing latency (issue 5)', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('latency', (srv, session) => {
    server = srv;
    s = session;
  });

  test(`markers should follow ${PAIRS * 2} edits of Battle of Seattle (measured: latency p95, main-thread work per keystroke)`, async () => {
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
    await page.evaluate('window.__lat.longtasks.length = 0; window.__lat.phase = performance.now()');
    const cdp = await s.context.newCDPSession(page);
    const trace: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => trace.push(...(e.value as unknown as TraceEvent[])));
    const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });

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

    await cdp.send('Tracing.end');
    await traced;
    await cdp.detach();

    const lat = (await page.evaluate('window.__lat')) as { longtasks: { start: number; duration: number }[]; phase: number };
    const keys = keystrokeCosts(trace);
    const typed = keys.filter((k) => k.typed);
    // The first edits run Monaco's code cold (before V8 optimises it); a designer types on.
    const warm = typed.slice(WARMUP_EDITS * 2);
    // Everything the main thread did from the first warm keystroke to the last (validation
    // results, autosave, markers; the screenshots come before), shared out over those keys.
    const warmKeys = keys.filter((k) => k.at >= (warm[0]?.at ?? Infinity));
    const busyPerKey = warmKeys.length > 1 ? busyMs(trace, warmKeys[0]!.at, warmKeys[warmKeys.length - 1]!.at) / (warmKeys.length - 1) : NaN;
    const longtasks = lat.longtasks.filter((t) => t.start >= lat.phase).map((t) => t.duration);
    const all = samples.map((x) => x.ms);
    const shown = samples.filter((x) => x.want).map((x) => x.ms);
    const cleared = samples.filter((x) => !x.want).map((x) => x.ms);
    const stats = (xs: number[]) => `p50 ${ms(quantile(xs, 0.5))}, p95 ${ms(quantile(xs, 0.95))}, max ${ms(Math.max(...xs))}`;
    console.log(`marker latency after the last keystroke, ${all.length} edits: ${stats(all)}`);
    console.log(`  marker shown   (${shown.length}): p50 ${ms(quantile(shown, 0.5))}, p95 ${ms(quantile(shown, 0.95))}; all: ${shown.map((x) => x.toFixed(0)).join(', ')}`);
    console.log(`  marker cleared (${cleared.length}): p50 ${ms(quantile(cleared, 0.5))}, p95 ${ms(quantile(cleared, 0.95))}; all: ${cleared.map((x) => x.toFixed(0)).join(', ')}`);
    console.log(`main-thread work per keystroke (Chrome trace: the key's tasks + the frame showing it):`);
    console.log(`  all keys (${keys.length}): ${stats(keys.map((k) => k.total))}`);
    console.log(`  typed characters (${typed.length}): ${stats(typed.map((k) => k.total))}`);
    console.log(`  typed, after the first ${WARMUP_EDITS} edits (${warm.length}): ${stats(warm.map((k) => k.total))}`);
    for (const part of ['key', 'keyup', 'frame'] as const) console.log(`    ${part.padEnd(6)} ${stats(typed.map((k) => k[part]))}`);
    console.log(`  typed, in order: ${typed.map((k) => k.total.toFixed(0)).join(' ')}`);
    console.log(`  all main-thread time while typing after the first ${WARMUP_EDITS} edits, per key: ${ms(busyPerKey)}`);
    console.log(`long tasks (> 50 ms) while editing: ${longtasks.length}${longtasks.length ? `, max ${ms(Math.max(...longtasks))}: ${longtasks.map((d) => d.toFixed(0)).join(', ')}` : ''}`);

    expect(all).toHaveLength(PAIRS * 2);
    expect(typed).toHaveLength(PAIRS * 4);
    expect(s.errors).toEqual([]);
    // The median keystroke should fit a frame; no task should be huge.
    record(
      { name: 'marker latency after the last keystroke, p95', value: quantile(all, 0.95), budget: MARKER_P95_MS, unit: 'ms' },
      { name: 'main-thread work per keystroke (all keys), p50', value: quantile(keys.map((k) => k.total), 0.5), budget: KEYSTROKE_P50_MS, unit: 'ms' },
      { name: 'main-thread work per typed character, p50', value: quantile(typed.map((k) => k.total), 0.5), budget: KEYSTROKE_P50_MS, unit: 'ms' },
      { name: 'longest main-thread task while editing', value: Math.max(0, ...longtasks), budget: LONG_TASK_MAX_MS, unit: 'ms' },
    );
  });
});
