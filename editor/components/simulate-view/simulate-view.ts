import { LitElement, html, nothing } from 'lit';
import { emit, type RsEvent } from '../../events.ts';
import { PlayController } from '../../play/play-controller.ts';
import { agentSpec } from '../../play/protocol.ts';
import { SimulationController, type SimRun } from '../../simulate/simulation-controller.ts';
import { baseName, downloadText } from '../../workspace/download.ts';
import { simulationReport } from '../../simulate/report.ts';
import type { SimulationPlan } from '../../simulate/protocol.ts';
import '../game-setup/game-setup.ts';
import { defaultSetup, gameSetup, sameGame, type SetupValue } from '../game-setup/setup-value.ts';
import { differenceChart, histogram, shareChart } from './sim-charts.ts';
import { levelsLine, levelsOnly, resultLabel } from '../../../interpreter/analysis/labels.ts';
import { compareFacts, compareRecords, comparisonVerdict, type Comparison } from '../../simulate/compare.ts';
import { factsTable } from './facts-table.ts';
import { duration } from '../../../interpreter/analysis/duration.ts';
import { styles } from './simulate-view.styles.ts';

/**
 * Simulate many games of the active ruleset with a bot per seat (Random, Easy, Normal, Hard) in Web
 * Workers (as `rulesmith simulate --agents` does: game i uses seed `S:i`), with a progress bar, the
 * time left and Cancel (which keeps the games played). Charts of results per side with 95% intervals
 * and of game length are drawn again as games end. A variant runs beside its base, same seeds, their
 * games interleaved, so the variant-minus-base chart can be read (and the run stopped) at any time.
 *
 * @fires rs-open-file - a runtime error's position was chosen (`{ path, range }`)
 */
export class RsSimulateView extends LitElement {
  static override styles = styles;
  static override properties = {
    files: { attribute: false },
    entry: {},
    base: {},
    active: { type: Boolean },
    setup: { state: true },
    games: { state: true },
    compare: { state: true },
  };

  declare files: Readonly<Record<string, string>>;
  declare entry: string;
  /** The game's base entry (a variant is compared with it). */
  declare base: string;
  declare active: boolean;
  declare private setup: SetupValue | undefined;
  declare private games: number;
  declare private compare: boolean;
  /** Compiles the ruleset for its players and options (the form). */
  private readonly rules = new PlayController(this);
  private readonly sim = new SimulationController(this);
  private setupFor = '';
  /** Games per ruleset of the simulation on screen (the form's field may have changed since). */
  private runGames = 0;
  /** The plan of the simulation on screen (for its report). */
  private runPlan: SimulationPlan | undefined;

  constructor() {
    super();
    this.files = {};
    this.entry = '';
    this.base = '';
    this.active = false;
    this.setup = undefined;
    this.games = 200;
    this.compare = true;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (this.active && (changed.has('files') || changed.has('entry') || changed.has('active'))) this.rules.compile({ ...this.files }, this.entry, !changed.has('files'));
    const board = this.rules.board;
    if (board && board.entry === this.entry && this.setupFor !== board.entry) {
      const before = this.setupFor;
      this.setupFor = board.entry;
      this.setup = defaultSetup(board, sameGame(before, board.entry) ? this.setup : undefined);
    }
  }

  protected override render() {
    const { board, status } = this.rules;
    const sim = this.sim;
    const isVariant = this.entry !== this.base;
    return html`
      <header class="toolbar">
        <h2>Simulate <span class="muted">${board?.name ?? baseName(this.entry)}</span></h2>
        <label>Games <input id="games" type="number" min="1" max="100000" .value=${String(this.games)} @change=${(e: Event) => (this.games = Math.max(1, Math.min(100_000, Math.round(Number((e.target as HTMLInputElement).value)) || 1)))} /></label>
        ${isVariant ? html`<label class="check"><input id="compare" type="checkbox" .checked=${this.compare} @change=${(e: Event) => (this.compare = (e.target as HTMLInputElement).checked)} />Compare with the base ruleset</label>` : nothing}
        ${sim.running
          ? html`<button class="button" data-action="cancel" @click=${() => sim.cancel()}>Cancel</button>`
          : html`<button class="button primary" data-action="run" ?disabled=${!board || !this.setup} @click=${this.handleRun}>Run</button>`}
        ${!sim.running && this.runPlan && sim.runs[0]?.summary
          ? html`<button class="button" data-action="report" title="One HTML file with these results and the command that plays the same games, to share" @click=${this.handleReport}>Download report</button>`
          : nothing}
      </header>
      ${status && !status.ok && !status.busy && status.errors ? html`<p class="stale" role="status">This ruleset has ${status.errors} error(s): fix them to simulate it.</p>` : nothing}
      <rs-game-setup .board=${board} .value=${this.setup} agents ?disabled=${sim.running} @rs-setup-change=${(e: RsEvent<'rs-setup-change'>) => (this.setup = e.detail.value)}></rs-game-setup>
      ${this.setup?.seats.every((k) => k === 'bot' || k === 'human')
        ? html`<p class="hint" data-hint="random"><strong>Choose Easy or Normal bots to see what a change does to who wins.</strong> Random bots pick any legal move: a quick check that the rules run, and of what chance alone does. Search bots play to win and take seconds to minutes a game per worker, more for longer games (Easy searches a quarter as much as Normal), so start with fewer games; the intervals narrow as games end, and Cancel keeps those played.</p>`
        : nothing}
      ${sim.total
        ? html`<div class="progress">
            <label for="progress">${sim.running ? 'Playing' : sim.cancelled ? 'Cancelled after' : 'Played'} ${sim.done} of ${sim.total} games${sim.reused ? ` (${sim.reused} played before, kept)` : ''}${sim.workerCount ? ` · ${sim.workerCount} worker${sim.workerCount > 1 ? 's' : ''}` : ''} · ${duration(sim.elapsed)}${sim.remaining !== undefined ? ` · about ${duration(sim.remaining)} left` : ''}</label>
            <progress id="progress" max=${sim.total} .value=${sim.done}></progress>
          </div>`
        : nothing}
      ${this.renderComparison(sim.runs)}
      <div class="runs ${sim.runs.length > 1 ? 'side-by-side' : ''}">${sim.runs.map((run) => this.renderRun(run))}</div>
    `;
  }

  /** Variant minus base, once both runs are summarised (the variant runs first, then its base). */
  private renderComparison(runs: readonly SimRun[]) {
    const [variant, base] = runs;
    const v = variant?.summary;
    const b = base?.summary;
    if (!v || !b || runs.length !== 2) return nothing;
    const sides = { ...base!.sides, ...variant!.sides };
    // Outcomes over both runs: a winner reached at one level in each, but not the same one, needs the chart.
    const outcomes = levelsOnly(labelsOf([...v.winners, ...b.winners]), labelsOf([...v.outcomes, ...b.outcomes])) === undefined;
    // Game i of both runs is the same seed: the comparison pairs them, over the games both have.
    const winners = compareRecords(variant!.records, base!.records, 'winner', v.winners.map((s) => s.label));
    const partial = this.sim.running || winners.games < this.runGames;
    const facts = compareFacts(variant!.records, base!.records);
    return html`<section class="comparison" aria-label="Variant minus base">
      <h3>Variant minus base <span class="muted">(percentage points, 95% intervals paired by seed, Newcombe${partial ? html`; <span class="so-far">${winners.games} games of each${this.sim.running ? ' so far' : ''}</span>` : nothing})</span></h3>
      ${winners.stopped > 0 ? html`<p class="hint" data-hint="left-out">${winners.stopped} pair${winners.stopped === 1 ? '' : 's'} left out of these figures: a game stopped on a runtime error (listed under its run).${winners.games < 2 ? ' Too few games ended under both rules to compare: fix the errors and run again.' : ''}</p>` : nothing}
      ${this.verdictLine(winners, sides, facts?.identical === true)}
      ${differenceChart('Winners: variant minus base', winners.rows, sides)}
      ${outcomes ? differenceChart('Outcomes: variant minus base', compareRecords(variant!.records, base!.records, 'outcome', v.outcomes.map((s) => s.label)).rows, sides) : nothing}
      ${factsTable(facts, sides)}
    </section>`;
  }

  /** Who wins, in words: moved with 95% confidence, not clearly, or not at all over these seeds. */
  private verdictLine(winners: Comparison, sides: Record<string, string>, identical: boolean) {
    const said = comparisonVerdict(winners, (label) => resultLabel(label, sides), identical);
    if (!said) return nothing;
    // Random play that never changes the winner says little of a change made for players who play to win.
    const agents = this.runPlan?.agents ?? [];
    const random = said.kind !== 'changed' && agents.length > 0 && agents.every((a) => a === 'random');
    return html`<p class="verdict" data-verdict=${said.kind}>${said.text}${this.sim.running ? html` <span class="muted">(so far)</span>` : nothing}</p>
      ${random ? html`<p class="hint" data-hint="random-verdict">These were Random bots: choose Easy or Normal bots to see what the change does to who wins when the sides play to win.</p>` : nothing}`;
  }

  private renderRun(run: SimRun) {
    const s = run.summary;
    const ended = run.records.filter((r) => r.status === 'ended');
    return html`<section class="run" data-entry=${run.entry} aria-label="Results of ${run.label}">
      <h3>${run.label}${run.hash ? html` <span class="hash">rules ${run.hash.slice(0, 8)}</span>` : nothing}</h3>
      ${run.error ? html`<p class="stale" role="alert">${run.error}</p>` : nothing}
      ${s
        ? html`<p class="muted">${s.games} games, ${s.ended} ended${s.games < this.runGames ? html` <span class="so-far">(${this.sim.running ? 'so far' : `of ${this.runGames}`})</span>` : nothing}${s.errors.count ? html`, <strong class="sev-error">${s.errors.count} stopped by runtime errors</strong>` : nothing}</p>
            ${shareChart('Winners (95% intervals)', s.winners, run.sides)}
            ${this.renderOutcomes(s, run.sides)}
            ${histogram('Game length: rounds', ended.map((r) => r.rounds), 'rounds')}
            ${histogram('Game length: decisions', ended.map((r) => r.decisions), 'decisions')}
            ${s.errors.first.length ? this.renderErrors(s.errors.first) : nothing}`
        : run.error ? nothing : html`<p class="muted">${this.sim.running ? 'Waiting for the first game to end…' : 'No game ended.'}</p>`}
    </section>`;
  }

  /** Outcomes as a chart when they say more than the winners, else the line naming each winner's one level. */
  private renderOutcomes(s: NonNullable<SimRun['summary']>, sides: Record<string, string>) {
    const levels = levelsOnly(s.winners, s.outcomes);
    if (levels === undefined) return shareChart('Outcomes (95% intervals)', s.outcomes, sides);
    return levels.length ? html`<p class="muted levels">${levelsLine(levels, sides, 'Outcomes')}</p>` : nothing;
  }

  private renderErrors(errors: NonNullable<SimRun['summary']>['errors']['first']) {
    return html`<h4>First runtime errors</h4><ul class="errors">${errors.map((e) => {
      const m = e.at ? /^(.*):(\d+):(\d+)$/.exec(e.at) : null;
      const open = () => m && emit(this, 'rs-open-file', { path: m[1]!, range: { start: { line: Number(m[2]), column: Number(m[3]) }, end: { line: Number(m[2]), column: Number(m[3]) } } });
      return html`<li>seed ${e.seed}: <code>${e.code}</code> ${e.message} ${m ? html`<button class="link" @click=${open}>${e.at}</button>` : nothing}</li>`;
    })}</ul>`;
  }

  private handleRun(): void {
    const board = this.rules.board;
    if (!board || !this.setup) return;
    const setup = gameSetup(board, this.setup);
    const runs = [{ entry: this.entry, label: this.entry === this.base ? `${board.name}` : `Variant: ${baseName(this.entry)}` }];
    if (this.compare && this.entry !== this.base) runs.push({ entry: this.base, label: `Base: ${baseName(this.base)}` });
    // A seat the playtest gives a person is a random bot here (the picker shows it so).
    const agents = Array.from({ length: this.setup.players }, (_, i) => agentSpec(this.setup!.seats[i] === 'human' ? 'bot' : (this.setup!.seats[i] ?? 'bot')) ?? 'random');
    this.runGames = this.games;
    // A comparison records seats and margins too (as the CLI's does), for the length, margin and first-seat changes.
    const facts = runs.length > 1 ? { facts: true } : {};
    this.runPlan = { seed: String(setup.seed), ...(setup.players !== undefined ? { players: setup.players } : {}), options: setup.options ?? {}, agents, ...facts };
    void this.sim.run({ files: { ...this.files }, runs, games: this.games, plan: this.runPlan });
  }

  private handleReport(): void {
    const report = this.runPlan && simulationReport(this.sim.runs, this.runPlan, this.runGames);
    if (report) downloadText(report.fileName, report.html, 'text/html');
  }
}

customElements.define('rs-simulate-view', RsSimulateView);

declare global {
  interface HTMLElementTagNameMap {
    'rs-simulate-view': RsSimulateView;
  }
}

/** Each label once, in first-seen order. */
const labelsOf = (rows: readonly { label: string }[]) => [...new Set(rows.map((r) => r.label))].map((label) => ({ label }));
