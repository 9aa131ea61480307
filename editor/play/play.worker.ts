/// <reference lib="webworker" />
/**
 * The playtest worker: compiles the ruleset being played (keeping the last version that compiled),
 * runs one game at a time, lets bots answer on a timer so long autoplay never blocks the page, and
 * serves the scenario editor (setup previews, edits of the variant text).
 */
import { boardModel } from './board-model.ts';
import { ProgramCache } from './compile.ts';
import { PlaySession, setupPreview } from './play-session.ts';
import type { PlayRequest, PlayResponse, StartRequest } from './protocol.ts';
import { editScenario } from './scenario-yaml.ts';

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

const post = (message: PlayResponse) => scope.postMessage(message);

scope.addEventListener('message', (event: MessageEvent<PlayRequest>) => {
  try {
    handle(event.data);
  } catch (e) {
    post({ type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});

function handle(msg: PlayRequest): void {
  if (msg.type === 'compile') {
    const result = programs.compile(msg.files, msg.entry);
    if (result.ok) post({ type: 'compiled', seq: msg.seq, entry: msg.entry, ok: true, board: boardModel(result.program) });
    else post({ type: 'compiled', seq: msg.seq, entry: msg.entry, ok: false, errors: result.errors, message: result.message });
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
      s.autoplay = msg.autoplay;
      s.delay = msg.delay;
      break;
    case 'step':
      s.botStep();
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

/** Bots answer one move per `delay` ms, or in batches at full speed; a person's turn stops them. */
function schedule(s: PlaySession): void {
  clearTimeout(timer);
  if (!s.autoplay || !s.botToMove) return;
  timer = setTimeout(() => {
    if (session !== s) return;
    const batch = s.delay > 0 ? 1 : FAST_BATCH;
    for (let i = 0; i < batch && s.autoplay && s.botToMove; i++) if (!s.botStep()) s.autoplay = false;
    const done = !s.botToMove || !s.autoplay;
    if (s.delay > 0 || done || performance.now() - lastSent >= FAST_UPDATE_MS) send(s);
    schedule(s);
  }, s.delay);
}
