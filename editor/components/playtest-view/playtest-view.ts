import { LitElement, html, nothing } from 'lit';
import { emit, type RsEvent } from '../../events.ts';
import { PlayController } from '../../play/play-controller.ts';
import { isBot, type PlayUpdate, type SeatKind, type StartRequest } from '../../play/protocol.ts';
import { parseReplay, replayRulesetPath } from '../../play/replay-data.ts';
import { baseName, downloadText } from '../../workspace/download.ts';
import '../decision-panel/decision-panel.ts';
import '../game-board/game-board.ts';
import { optionZones } from '../game-board/zone-titles.ts';
import '../game-log/game-log.ts';
import '../game-setup/game-setup.ts';
import { PLAYTEST_OPPONENT, defaultSetup, gameSetup, sameGame, seatNames, type SetupValue } from '../game-setup/setup-value.ts';
import { gameStatus, rulesStatus, tracksPanel } from './playtest-panels.ts';
import { styles } from './playtest-view.styles.ts';

/**
 * Playtest the active ruleset or scenario: set up a game (players, options, seed, a person or a
 * bot at each seat: Random, or a search level, Easy, Normal or Hard), then play it on the board in
 * a worker. While a search bot thinks (in the worker) the view says so, with a Cancel that stops
 * it and leaves the game waiting for that seat. Undo (from snapshots), restart, replays
 * in the command line's format, saved games to resume (here or with `rulesmith play --load`), a seat switcher showing exactly one seat's view, and the log with its
 * provenance. Keeps the last version of the rules that compiled while the text has errors.
 *
 * @fires rs-open-file - a log entry, the rule of a question or a runtime error was chosen
 */
export class RsPlaytestView extends LitElement {
  static override styles = styles;
  static override properties = {
    files: { attribute: false },
    entry: {},
    active: { type: Boolean },
    setup: { state: true },
    follow: { state: true },
    selected: { state: true },
    looking: { state: true },
    notice: { state: true },
    undone: { state: true },
    starts: { attribute: false },
  };

  declare files: Readonly<Record<string, string>>;
  declare entry: string;
  /** Grows when a new game should start as soon as this ruleset's rules are ready (Playtest this scenario). */
  declare starts: number;
  private started = 0;
  /** The view is shown (compiles only then). */
  declare active: boolean;
  declare private setup: SetupValue | undefined;
  declare private follow: boolean;
  declare private selected: number[];
  /** The option whose preview is shown (under the pointer or focus in the question), else null. */
  declare private looking: number | null;
  declare private notice: string;
  /** What the last Undo took back, until the game moves on. */
  declare private undone: string;
  /** Undo was asked of this game at this many decisions; its update is awaited to say what it took back. */
  private undoing: { game: number; from: number } | undefined;
  private readonly play = new PlayController(this);
  private lastStart: StartRequest | undefined;
  private setupFor = '';

  constructor() {
    super();
    this.files = {};
    this.entry = '';
    this.starts = 0;
    this.active = false;
    this.setup = undefined;
    this.follow = true;
    this.selected = [];
    this.looking = null;
    this.notice = '';
    this.undone = '';
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (this.active && (changed.has('files') || changed.has('entry') || changed.has('active'))) {
      this.play.compile({ ...this.files }, this.entry, changed.has('entry') || changed.has('active'));
    }
    this.sayUndone();
    const board = this.play.board;
    if (board && board.entry === this.entry && this.setupFor !== `${board.entry}:${board.hash}`) {
      const before = this.setupFor.split(':')[0];
      this.setupFor = `${board.entry}:${board.hash}`;
      this.setup = defaultSetup(board, sameGame(before, board.entry) ? this.setup : undefined, PLAYTEST_OPPONENT);
    }
  }

  protected override updated(): void {
    if (this.starts > this.started && this.play.board?.entry === this.entry && this.setupFor.startsWith(`${this.entry}:`)) {
      this.started = this.starts;
      this.handleStart();
    }
    const u = this.play.update;
    // Follow the game to the seat that must answer (hot seat), unless bots answer it.
    if (u && this.follow && u.waiting && !u.waiting.bot && u.waiting.player !== u.seat) this.play.command({ type: 'view', seat: u.waiting.player });
    if (u && (!u.pending || u.pending.kind !== 'several') && this.selected.length) this.selected = [];
    if (this.looking !== null && !u?.pending?.previews?.[this.looking]) this.looking = null;
  }

  /**
   * The preview the board shows: the option looked at, else the last one picked of a question
   * with several answers. Only the deciding seat's view has previews, so another seat shows none.
   */
  private shownPreview(u: PlayUpdate) {
    const previews = u.pending?.previews;
    if (!previews) return null;
    const option = this.looking ?? this.selected[this.selected.length - 1];
    return option === undefined ? null : previews[option] ?? null;
  }

  protected override render() {
    const { board, update: u, status } = this.play;
    // A game is drawn with the rules it plays, whatever ruleset the nav shows now.
    const gameBoard = u ? (this.play.boards.get(u.entry) ?? board) : undefined;
    return html`
      <header class="toolbar">
        <h2>Playtest <span class="muted">${board?.name ?? baseName(this.entry)}</span></h2>
        <button class="button primary" data-action="start" ?disabled=${!board || !this.setup} @click=${this.handleStart}>New game</button>
        <button class="button" data-action="restart" ?disabled=${!u} @click=${this.handleRestart}>Restart</button>
        <button class="button" data-action="undo" ?disabled=${!u || !u.decisions} @click=${this.handleUndo}>Undo</button>
        ${u?.autoplay && u.status === 'waiting'
          ? html`<button class="button" data-action="pause" ?disabled=${!Object.values(u.seats).some(isBot)} @click=${() => this.play.command({ type: 'autoplay', autoplay: false, delay: this.delay })}>Pause bots</button>`
          : html`<button class="button" data-action="run" ?disabled=${!u?.waiting?.bot} @click=${() => this.play.command({ type: 'autoplay', autoplay: true, delay: this.delay })}>Run bots</button>`}
        <button class="button" data-action="step" ?disabled=${!u?.waiting?.bot} @click=${() => this.play.command({ type: 'step' })}>Bot move</button>
        <button class="button" data-action="download-replay" ?disabled=${!u} @click=${() => this.handleDownloadReplay(false)}>Download replay</button>
        <button class="button" data-action="save-game" ?disabled=${!u} title="Download the game as it stands (state and answers) to go on with later, here or with rulesmith play --load" @click=${() => this.handleDownloadReplay(true)}>Save game</button>
        <button class="button" data-action="load-replay" ?disabled=${!board} title="Resume a saved game, or replay a replay's answers" @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#replay-file')!.click()}>Load game/replay…</button>
        <input id="replay-file" class="visually-hidden" type="file" accept=".json,application/json" tabindex="-1" aria-hidden="true" @change=${this.handleLoadReplay} />
        ${u ? this.renderSeatSwitch(u.state.players, u.seat) : nothing}
      </header>
      <div class="notices">${rulesStatus(board, status, u)}${this.play.error ? html`<p class="stale" role="alert">${this.play.error}</p>` : nothing}${u?.note ? html`<p class="stale" role="status">${u.note}</p>` : nothing}${u?.invariant ? this.invariantNotice(u.invariant) : nothing}${this.notice ? html`<p class="muted" role="status">${this.notice}</p>` : nothing}${this.undone ? html`<p class="muted" role="status" data-undone>${this.undone}</p>` : nothing}${u && gameBoard && u.entry !== this.entry ? html`<p class="stale" role="status" data-other-game>On the board: a game of ${gameBoard.name} (${baseName(u.entry)}), kept while you look at other rules. New game plays ${board?.name ?? baseName(this.entry)}.</p>` : nothing}</div>
      <details class="setup" ?open=${!u}>
        <summary>Game setup</summary>
        <rs-game-setup .board=${board} .value=${this.setup} .opponent=${PLAYTEST_OPPONENT} seats @rs-setup-change=${this.handleSetupChange}></rs-game-setup>
      </details>
      ${u && gameBoard
        ? html`<div class="game">
            <rs-game-board .board=${gameBoard} .state=${u.state} .pending=${u.pending} .selected=${this.selected} .preview=${this.shownPreview(u)} @rs-board-pick=${this.handlePick}></rs-game-board>
            <aside>
              ${gameStatus(gameBoard, u, () => u.error && emit(this, 'rs-open-file', { path: u.error.file, range: u.error.range, beside: true }))}
              ${this.renderThinking(u)}
              <rs-decision-panel .pending=${u.pending} .waiting=${u.waiting} seat-name=${(u.pending && u.state?.players.find((pl) => pl.id === u.pending!.player)?.name) || ''} .selected=${this.selected} .zones=${u.pending && u.state ? optionZones(gameBoard, u.state, u.pending.targets) : []} @rs-board-pick=${this.handlePick} @rs-answer=${this.handleAnswer} @rs-preview-option=${(e: RsEvent<'rs-preview-option'>) => (this.looking = e.detail.option)}></rs-decision-panel>
              ${tracksPanel(gameBoard, u.state)}
              <h3>Log</h3>
              <rs-game-log .log=${u.log}></rs-game-log>
            </aside>
          </div>`
        : html`<p class="muted empty">Set up a game and choose New game, or <strong>Load game/replay…</strong> to go on with a game you saved.
            <span data-hint="reload">A game is kept only while the page is open: Save game before a reload to resume it.</span></p>`}
    `;
  }

  /** A conservation law or bound of the ruleset's `invariants:` that no longer holds, with its rule. */
  private invariantNotice(inv: NonNullable<PlayUpdate['invariant']>) {
    const open = () => inv.file && inv.range && emit(this, 'rs-open-file', { path: inv.file, range: inv.range, beside: true });
    return html`<p class="stale" role="alert" data-invariant=${inv.id}>Invariant <code>${inv.id}</code> ${inv.code === 'invariant-error' ? 'could not be evaluated' : 'does not hold'} now: ${inv.text}
      ${inv.file ? html`<button class="link" @click=${open}>Show rule</button>` : nothing}</p>`;
  }

  /** "<seat> is thinking…" with the search's progress, and Cancel. */
  private renderThinking(u: PlayUpdate) {
    const t = u.thinking;
    if (!t) return nothing;
    return html`<p class="thinking" role="status" data-thinking=${t.player}>
      <span class="spinner" aria-hidden="true"></span><span><strong>${t.name}</strong> is thinking… <span class="muted">(${t.level}, ${t.done} of ${t.total})</span></span>
      <button class="button" data-action="cancel-bot" title="Stop this bot's search: the game waits for ${t.name}, to answer by hand or let it think again" @click=${() => this.play.command({ type: 'cancel', decision: t.decision })}>Cancel</button>
    </p>`;
  }

  private renderSeatSwitch(players: Array<{ id: string; name: string }>, seat: string | null) {
    return html`<span class="seat">
      <label>View as <select id="seat" .value=${seat ?? ''} @change=${this.handleSeat}>
        <option value="" ?selected=${seat === null}>Spectator (public view)</option>
        ${players.map((p) => html`<option value=${p.id} ?selected=${p.id === seat}>${p.name} (${p.id})</option>`)}
      </select></label>
      <label class="check"><input type="checkbox" .checked=${this.follow} @change=${(e: Event) => (this.follow = (e.target as HTMLInputElement).checked)} />Follow the deciding seat</label>
    </span>`;
  }

  private get delay(): number {
    return Math.max(0, this.setup?.delay ?? 300);
  }

  private seats(): Record<string, SeatKind> {
    const board = this.play.board!;
    return Object.fromEntries(seatNames(board, this.setup!.players).map((s, i) => [s.id, this.setup!.seats[i] ?? 'bot']));
  }

  private handleSetupChange(e: RsEvent<'rs-setup-change'>): void {
    this.setup = e.detail.value;
    // Seats and speed apply to the game in progress at once.
    if (this.play.update && this.play.board) {
      this.play.command({ type: 'seats', seats: this.seats() });
      this.play.command({ type: 'autoplay', autoplay: this.setup.delay >= 0 && this.play.update.autoplay, delay: this.delay });
    }
  }

  private handleUndo(): void {
    const u = this.play.update;
    if (!u) return;
    this.undoing = { game: u.game, from: u.decisions };
    this.play.command({ type: 'undo' });
  }

  /** Once the game is back a decision, say which question was taken back and who answers it again. */
  private sayUndone(): void {
    const u = this.play.update;
    const asked = this.undoing;
    if (!asked) return;
    if (!u || u.game !== asked.game) {
      this.undoing = undefined;
      return;
    }
    if (u.decisions >= asked.from) return;
    this.undoing = undefined;
    const what = u.pending && u.waiting && u.pending.player === u.waiting.player ? `the answer to “${u.pending.prompt}”` : `decision ${asked.from}`;
    const who = u.waiting ? ` ${u.waiting.name} answers it again.` : '';
    const bots = Object.values(u.seats).some(isBot) ? ' Bots are paused: Run bots to go on.' : '';
    this.undone = `Undone: ${what}.${who}${bots}`;
  }

  private handleStart(): void {
    const board = this.play.board;
    if (!board || !this.setup) return;
    const seats = this.seats();
    const first = Object.keys(seats).find((id) => seats[id] === 'human') ?? null;
    this.lastStart = { entry: board.entry, setup: gameSetup(board, this.setup), seats, seat: first, delay: this.delay, autoplay: this.setup.delay >= 0 };
    this.notice = '';
    this.undone = '';
    this.play.start(this.lastStart);
  }

  /** The same game from setup again (a fork of the game at start, in the worker). */
  private handleRestart(): void {
    this.undone = '';
    if (this.play.update) this.play.command({ type: 'restart', autoplay: this.lastStart?.autoplay ?? false });
  }

  private handleSeat(e: Event): void {
    const seat = (e.target as HTMLSelectElement).value || null;
    // Choosing a seat by hand stops following the game around.
    this.follow = false;
    this.play.command({ type: 'view', seat });
  }

  private handlePick(e: RsEvent<'rs-board-pick'>): void {
    const p = this.play.update?.pending;
    if (!p) return;
    const { option } = e.detail;
    // The next question's options are others, whatever the pointer is over now.
    if (p.kind === 'one') {
      this.looking = null;
      this.undone = '';
      this.play.command({ type: 'answer', answer: option });
    }
    else if (p.kind === 'several') this.selected = this.selected.includes(option) ? this.selected.filter((o) => o !== option) : [...this.selected, option];
  }

  private handleAnswer(e: RsEvent<'rs-answer'>): void {
    this.play.command({ type: 'answer', answer: e.detail.answer });
    this.undone = '';
    this.selected = [];
    this.looking = null;
  }

  /** Download the game's replay; `save`: with the game itself, to resume (Load game, `rulesmith play --load`). */
  private async handleDownloadReplay(save: boolean): Promise<void> {
    const u = this.play.update;
    if (!u) return;
    const replay = await this.play.requestReplay(replayRulesetPath(u.entry), save);
    const name = `${baseName(replayRulesetPath(u.entry)).replace(/\.ya?ml$/, '')}-seed-${replay.setup.seed}-${replay.decisions.length}.${save ? 'game' : 'replay'}.json`;
    downloadText(name, `${JSON.stringify(replay, null, 1)}\n`, 'application/json');
  }

  private async handleLoadReplay(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const board = this.play.board;
    if (!file || !board) return;
    const replay = parseReplay(await file.text());
    if ('error' in replay) {
      this.notice = `${file.name} is ${replay.error}.`;
      return;
    }
    // A saved game of these very rules resumes as saved; otherwise its answers are replayed.
    const resume = replay.game !== undefined && replay.game.rules === board.hash;
    const notes = [resume ? `Resumed ${file.name}: the saved game at decision ${replay.decisions.length}, nothing replayed.` : `Loaded ${file.name}: ${replay.decisions.length} decisions.`];
    if (replay.ruleset && replay.ruleset !== replayRulesetPath(board.entry)) notes.push(`It was recorded with ${replay.ruleset}; playing it with ${replayRulesetPath(board.entry)}.`);
    if (replay.hash && replay.hash !== board.hash) notes.push(`The rules differ from the recording (hash ${replay.hash} → ${board.hash}).`);
    if (replay.game && !resume) notes.push('Its saved game was played with other rules, so its answers are replayed instead.');
    if (resume && !replay.game!.log) notes.push('The file has no log (rulesmith play --save leaves it out): the log starts here.');
    this.notice = notes.join(' ');
    this.undone = '';
    const players = Number(replay.setup.players ?? board.players.default);
    const seats = Object.fromEntries(seatNames(board, players).map((s) => [s.id, 'human' as SeatKind]));
    this.lastStart = { entry: board.entry, setup: replay.setup, seats, seat: this.play.update?.seat ?? 'p1', delay: this.delay, autoplay: false, decisions: replay.decisions, ...(resume ? { game: replay.game } : {}), ...(replay.digest ? { digest: replay.digest } : {}) };
    this.play.start(this.lastStart);
  }
}

customElements.define('rs-playtest-view', RsPlaytestView);

declare global {
  interface HTMLElementTagNameMap {
    'rs-playtest-view': RsPlaytestView;
  }
}
