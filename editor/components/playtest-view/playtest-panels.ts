/** Parts of the playtest view that only display: the rules status, the game status, the tracks. */
import { html, nothing } from 'lit';
import type { CompileStatus } from '../../play/play-controller.ts';
import type { BoardModel, PlayUpdate, SeatState } from '../../play/protocol.ts';
import { describeResult } from '../../play/replay-data.ts';

/** Which rules new games use: the newest text, or the last version that compiled. */
export function rulesStatus(board: BoardModel | undefined, status: CompileStatus | undefined, update: PlayUpdate | undefined) {
  const lines = [];
  if (status && !status.ok && !status.busy && status.errors) {
    lines.push(board
      ? html`<p class="stale" role="status" data-stale>This ruleset has ${status.errors} error(s) (see Problems): new games use the last version that compiled (rules ${board.hash.slice(0, 8)}).</p>`
      : html`<p class="stale" role="status" data-stale>Fix the errors to playtest this ruleset: ${status.message}</p>`);
  } else if (!board) lines.push(html`<p class="muted" role="status">Compiling the rules…</p>`);
  if (update && board && update.hash !== board.hash && update.entry === board.entry) {
    lines.push(html`<p class="stale" role="status">The rules changed since this game started: Restart or New game to play them.</p>`);
  }
  return lines;
}

export function sideNames(board: BoardModel, state?: SeatState): Record<string, string> {
  return Object.fromEntries([...board.sides.map((s) => [s.id, s.name] as const), ...(state?.players ?? []).map((p) => [p.id, p.name] as const)]);
}

/** Round, phase, decisions so far, and the result or the error that stopped the game. */
export function gameStatus(board: BoardModel, u: PlayUpdate, openError: () => void) {
  const phase = u.state.phase ? (board.phases?.[u.state.phase] ?? u.state.phase) : '';
  const where = html`<span class="where">Round ${u.state.round || '—'}${phase ? ` · ${phase}` : ''} · ${u.decisions} decision${u.decisions === 1 ? '' : 's'}</span>`;
  if (u.status === 'ended') return html`<p class="status ended" role="status" data-status="ended">${where} <strong>Game over: ${describeResult(u.result, sideNames(board, u.state))}</strong></p>`;
  if (u.status === 'error' && u.error) {
    return html`<p class="status error" role="alert" data-status="error">${where} <strong>The game stopped: ${u.error.code}</strong> ${u.error.message}
      <button class="link" @click=${openError}>Show in file</button></p>`;
  }
  return html`<p class="status" role="status" data-status="waiting">${where}${u.autoplay && u.waiting?.bot ? ' · bots playing…' : ''}</p>`;
}

/** Global, per-side and per-player tracks (per-area and per-piece ones are left to the board). */
export function tracksPanel(board: BoardModel, state: SeatState) {
  const names = sideNames(board, state);
  const rows = board.tracks.flatMap((t) => {
    const v = state.tracks[t.id];
    if (typeof v === 'number') return [html`<tr><th scope="row">${t.name}</th><td>${v}</td></tr>`];
    if (!v || (t.per !== 'side' && t.per !== 'player')) return [];
    return [html`<tr><th scope="row">${t.name}</th><td>${Object.entries(v).map(([owner, n]) => html`<span class="owned">${names[owner] ?? owner}: ${n}</span>`)}</td></tr>`];
  });
  if (!rows.length) return nothing;
  return html`<details class="tracks" open><summary>Tracks</summary><table>${rows}</table></details>`;
}
