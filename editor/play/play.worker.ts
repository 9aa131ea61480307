/// <reference lib="webworker" />
/**
 * The playtest worker: compiles the ruleset being played (keeping the last version that compiled),
 * runs one game at a time, lets bots answer on a timer so long autoplay never blocks the page, and
 * serves the scenario editor (setup previews, edits of the variant text).
 *
 * Search bots (Easy, Normal, Hard) think in slices of about `SLICE_MS`, each a timer task of its
 * own, so the messages that arrive meanwhile (Cancel, a change of view, an undo) are handled
 * between two slices. Cancel drops the search there (`PlaySession.cancel`). The alternatives were
 * weighed: a stop flag read by the search between iterations only helps if something can set it
 * while the search runs, which in a worker takes a SharedArrayBuffer (and cross-origin isolation
 * headers the static hosting may not send); terminating the worker would lose the compiled rules
 * and the undo snapshots, to be rebuilt from a save. Slicing costs one timer task per slice.
 */
import { boardModel } from './board-model.ts';
import { ProgramCache } from './compile.ts';
import { PlaySession, setupPreview } from './play-session.ts';
import type { PlayRequest, PlayResponse, StartRequest } from './protocol.ts';
import { editScenario } from './scenario-yaml.ts';
import { announceStarted } from '../workers/worker-health.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const programs = new ProgramCache();
let session: PlaySession | undefined;
let gameSeq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Time of the last update sent while bots play fast (updates are throttled, not every move). */
let lastSent = 0;
const FAST_UPDATE_MS = 120;
/** Bot moves per turn of the event loop at full speed. */
const FAST_BATCH = 25;
/** About how long a search bot thinks before the worker reads its messages again. */
const SLICE_MS = 40;
/** Search iterations between two looks at the clock. */
const SLICE_ITERATIONS = 1;
/** Progress updates while a search bot thinks (throttled). */
const THINKING_UPDATE_MS = 250;

const post = (message: PlayResponse) => scope.postMessage(message);

scope.addEventListener('message', (event: MessageEvent<PlayRequest>) => {
  try {
    handle(event.data);
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});

function handle(msg: PlayRequest): void {
  if (msg.type === 'ping') return post({ type: 'pong' });
  if (msg.type === 'compile') {
    const result = programs.compile(msg.files, msg.entry);
    if (result.ok) post({ type: 'compiled', seq: msg.seq, entry: msg.entry, ok: true, board: boardModel(result.program) });
    else {
      const fallback = msg.fallback && programs.fallback(msg.fallback, msg.entry);
      post({ type: 'compiled', seq: msg.seq, entry: msg.entry, ok: false, errors: result.errors, message: result.message, ...(fallback ? { board: boardModel(fallback) } : {}) });
    }
    return;
  }
  if (msg.type === 'start') return start(msg);
  if (msg.type === 'preview') {
    const program = programs.program(msg.entry);
    if (!program) return;
    const preview = setupPreview(program, msg.setup);
    if ('problems' in preview) post({ type: 'failed', message: preview.problems.join(' ') });
    else post({ type: 'preview', seq: msg.seq, entry: msg.entry, state: preview.state, ...(preview.note ? { note: preview.note } : {}) });
    return;
  }
  if (msg.type === 'scenario-edit') {
    const program = programs.program(msg.entry);
    if (!program) return post({ type: 'failed', message: 'The scenario has never compiled: fix its errors first.' });
    const edited = editScenario(msg.text, program, msg.edits, msg.settings);
    if ('error' in edited) post({ type: 'failed', message: edited.error });
    else post({ type: 'scenario-text', seq: msg.seq, entry: msg.entry, text: edited.text });
    return;
  }
  const s = session;
  if (!s || msg.game !== s.id) return;
  switch (msg.type) {
    case 'answer':
      s.answer(msg.answer);
      break;
    case 'undo':
      s.undo();
      break;
    case 'restart': {
      // Edited rules that compiled since: a new game with them, as New game would start it.
      const newest = programs.program(s.program.model.entry);
      if (newest && newest !== s.program) return start({ entry: s.program.model.entry, setup: s.setup, seats: s.seats, seat: s.seat, delay: s.delay, autoplay: msg.autoplay });
      s.restart();
      s.autoplay = msg.autoplay;
      break;
    }
    case 'autoplay':
      // Pausing while a search bot thinks lets it finish this move (Cancel stops it at once).
      if (!msg.autoplay && s.thinking) s.moveAsked = true;
      s.autoplay = msg.autoplay;
      s.delay = msg.delay;
      break;
    case 'step':
      // The move itself is made by `schedule`: a search bot thinks in slices first.
      s.moveAsked = true;
      break;
    case 'cancel':
      s.cancel(msg.decision);
      break;
    case 'seats':
      s.seats = { ...msg.seats };
      break;
    case 'view':
      s.seat = msg.seat;
      break;
    case 'replay':
      post({ type: 'replay', game: s.id, replay: s.replayFile(msg.ruleset, { save: msg.save === true }) });
      return;
  }
  send(s);
  schedule(s);
}

function start(request: StartRequest): void {
  clearTimeout(timer);
  const program = programs.program(request.entry);
  if (!program) return post({ type: 'failed', message: 'This ruleset has not compiled yet: fix its errors to play it.' });
  const started = PlaySession.start(++gameSeq, program, request);
  if ('problems' in started) return post({ type: 'failed', message: started.problems.join(' ') });
  session = started;
  send(started);
  schedule(started);
}

function send(s: PlaySession): void {
  lastSent = performance.now();
  post(s.update());
}

/**
 * Bots answer one move per `delay` ms, or in batches at full speed; a person's turn stops them.
 * A search bot thinks in slices, one timer task each (the first after `delay`, the rest at once).
 */
function schedule(s: PlaySession): void {
  clearTimeout(timer);
  if (!s.botToMove) s.moveAsked = false;
  if (!(s.autoplay || s.moveAsked) || !s.botToMove) return;
  timer = setTimeout(() => (s.searchBotToMove ? thinkSlice(s) : randomMoves(s)), s.moveAsked || s.thinking ? 0 : s.delay);
}

function randomMoves(s: PlaySession): void {
  if (session !== s) return;
  const batch = s.delay > 0 || !s.autoplay ? 1 : FAST_BATCH;
  s.moveAsked = false;
  for (let i = 0; i < batch && s.botToMove && !s.searchBotToMove; i++) {
    if (!s.botStep()) s.autoplay = false;
    if (!s.autoplay) break;
  }
  const done = !s.botToMove || !s.autoplay || s.searchBotToMove;
  if (s.delay > 0 || done || performance.now() - lastSent >= FAST_UPDATE_MS) send(s);
  schedule(s);
}

function thinkSlice(s: PlaySession): void {
  if (session !== s) return;
  const fresh = !s.thinking;
  const until = performance.now() + SLICE_MS;
  let r = s.think(SLICE_ITERATIONS);
  while (r === 'thinking' && performance.now() < until) r = s.think(SLICE_ITERATIONS);
  if (r !== 'thinking') s.moveAsked = false;
  if (r === 'refused') s.autoplay = false;
  if (r !== 'thinking' || fresh || performance.now() - lastSent >= THINKING_UPDATE_MS) send(s);
  schedule(s);
}

announceStarted(scope);
