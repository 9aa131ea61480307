/**
 * Main-thread work per keystroke, read from a Chrome trace (category `devtools.timeline`), the
 * browser's own accounting of its renderer's main thread: no probe in the page, so no queueing time
 * counted as work.
 *
 * A keystroke costs the task that dispatches its `keydown` (Chrome runs `keypress`, `beforeinput`
 * and `input` in that same task, so a typed character's edit is in it), the task of its `keyup`,
 * and the first rendering task after it: the frame that shows the edit (Monaco renders in
 * requestAnimationFrame). Work an app defers past that frame is not in the figure; `busy` in the
 * summary tells the whole main-thread time while typing, so deferring cannot hide cost.
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

export interface KeystrokeCost {
  /** Trace time (µs) the keydown's task started. */
  at: number;
  /** The key typed a character (its task dispatched `keypress` or `input`). */
  typed: boolean;
  /** Milliseconds: the keydown task, the keyup task, the next frame, and their sum. */
  key: number;
  keyup: number;
  frame: number;
  total: number;
}

interface Task {
  start: number;
  end: number;
  ms: number;
  events: Set<string>;
  names: Set<string>;
}

const RENDERING = ['FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit'];
const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup', 'input', 'beforeinput']);
/** A frame or keyup this long after the keydown belongs to something else. */
const HORIZON_US = 100_000;

/** The renderer main thread that dispatched the most keydowns (the page under test). */
function pageThread(events: readonly TraceEvent[]): string | undefined {
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const keydowns = new Map<string, number>();
  for (const e of events) {
    const id = `${e.pid}:${e.tid}`;
    if (e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && main.has(id)) keydowns.set(id, (keydowns.get(id) ?? 0) + 1);
  }
  return [...keydowns].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Top-level tasks of the thread, each with the names and DOM event types of what ran inside. */
function tasksOf(events: readonly TraceEvent[], thread: string): Task[] {
  const spans = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks: Task[] = [];
  let current: Task | undefined;
  for (const e of spans) {
    if (e.name === 'RunTask' && (!current || e.ts >= current.end)) {
      current = { start: e.ts, end: e.ts + e.dur!, ms: e.dur! / 1000, events: new Set(), names: new Set() };
      tasks.push(current);
      continue;
    }
    if (!current || e.ts >= current.end) continue;
    current.names.add(e.name);
    const type = e.args?.data?.type;
    if (e.name === 'EventDispatch' && type) current.events.add(type);
  }
  return tasks;
}

const isFrame = (t: Task) => RENDERING.some((n) => t.names.has(n)) && ![...t.events].some((e) => KEY_EVENTS.has(e));

/** One entry per keydown, in order. */
export function keystrokeCosts(events: readonly TraceEvent[]): KeystrokeCost[] {
  const thread = pageThread(events);
  if (!thread) return [];
  const tasks = tasksOf(events, thread);
  const out: KeystrokeCost[] = [];
  tasks.forEach((task, i) => {
    if (!task.events.has('keydown')) return;
    let keyup: Task | undefined;
    let frame: Task | undefined;
    for (const next of tasks.slice(i + 1)) {
      if (next.start - task.start > HORIZON_US || next.events.has('keydown')) break;
      if (!keyup && next.events.has('keyup')) keyup = next;
      else if (!frame && isFrame(next)) frame = next;
      if (keyup && frame) break;
    }
    const key = task.ms;
    const up = keyup?.ms ?? 0;
    const paint = frame?.ms ?? 0;
    out.push({ at: task.start, typed: task.events.has('keypress') || task.events.has('input'), key, keyup: up, frame: paint, total: key + up + paint });
  });
  return out;
}

/** Milliseconds the page's main thread ran tasks between two trace timestamps (µs). */
export function busyMs(events: readonly TraceEvent[], from: number, to: number): number {
  const thread = pageThread(events);
  if (!thread) return 0;
  return tasksOf(events, thread)
    .filter((t) => t.start >= from && t.end <= to)
    .reduce((sum, t) => sum + t.ms, 0);
}
