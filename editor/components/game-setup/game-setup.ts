import { LitElement, html, nothing } from 'lit';
import { emit } from '../../events.ts';
import { SEAT_KINDS, type BoardModel, type OptionModel, type SeatKind } from '../../play/protocol.ts';
import { styles } from './game-setup.styles.ts';
import { SPEEDS, optionGroups, optionTitle, requirementText, seatNames, type SetupValue } from './setup-value.ts';
import { effectiveOptions, unmetRequirements } from '../../../interpreter/runtime/options.ts';

/**
 * The choices before a game: player count, the ruleset's options (a checkbox, number field or
 * list by option type), the seed, and who plays each seat: for a playtest a person or a bot (Random,
 * or a search level: Easy, Normal, Hard) and how fast bots move; for a simulation (`agents`) a bot.
 *
 * @fires rs-setup-change - any choice changed (`{ value }`)
 */
export class RsGameSetup extends LitElement {
  static override styles = styles;
  static override properties = {
    board: { attribute: false },
    value: { attribute: false },
    seats: { type: Boolean },
    agents: { type: Boolean },
    disabled: { type: Boolean },
    opponent: { attribute: false },
  };

  declare board: BoardModel | undefined;
  declare value: SetupValue | undefined;
  /** Show the seats and the bot speed (playtest). */
  declare seats: boolean;
  /** Show a bot per seat, without Human (simulation). */
  declare agents: boolean;
  declare disabled: boolean;
  /** Who plays a seat added by raising the player count. */
  declare opponent: SeatKind;

  constructor() {
    super();
    this.board = undefined;
    this.value = undefined;
    this.seats = false;
    this.agents = false;
    this.disabled = false;
    this.opponent = 'bot';
  }

  protected override render() {
    const { board, value } = this;
    if (!board || !value) return nothing;
    const fixed = board.players.min === board.players.max;
    return html`<fieldset ?disabled=${this.disabled}>
      <legend class="visually-hidden">Game setup</legend>
      <div class="row">
        <label>Players
          <input type="number" name="players" min=${board.players.min} max=${board.players.max} .value=${String(value.players)} ?readonly=${fixed}
            @change=${(e: Event) => this.changePlayers(Number((e.target as HTMLInputElement).value))} /></label>
        <label>Seed <input name="seed" .value=${value.seed} size="8" @change=${(e: Event) => this.change({ seed: (e.target as HTMLInputElement).value.trim() || '1' })} /></label>
        ${this.seats
          ? html`<label>Bot pace <select name="speed" .value=${String(value.delay)} @change=${(e: Event) => this.change({ delay: Number((e.target as HTMLSelectElement).value) })}>
              ${SPEEDS.map((s) => html`<option value=${s.delay} ?selected=${s.delay === value.delay}>${s.label}</option>`)}
            </select></label>`
          : nothing}
      </div>
      ${this.seats || this.agents ? this.renderSeats(board, value) : nothing}
      ${board.options.length ? html`<details class="options" ?open=${board.options.length <= 4}>
          <summary>Options (${board.options.length})</summary>
          <div class="option-list">${this.optionControls(board, value)}</div>
        </details>` : nothing}
    </fieldset>`;
  }

  private renderSeats(board: BoardModel, value: SetupValue) {
    const kinds = this.seats ? SEAT_KINDS : SEAT_KINDS.filter((k) => k.kind !== 'human');
    return html`<div class="seats">${seatNames(board, value.players).map((seat, i) => {
      const current = value.seats[i] === 'human' && !this.seats ? 'bot' : (value.seats[i] ?? 'bot');
      return html`<label>${seat.label}
        <select name="seat-${seat.id}" data-seat=${seat.id} .value=${current} title="Human, or a bot: Random, or a search (Easy, Normal, Hard: more thinking, better play)" @change=${(e: Event) => this.changeSeat(i, (e.target as HTMLSelectElement).value as SeatKind)}>
          ${kinds.map((k) => html`<option value=${k.kind} ?selected=${current === k.kind}>${k.label}</option>`)}
        </select></label>`;
    })}</div>`;
  }

  /**
   * Each option at the value the game will use. One whose `requires` fail is greyed at its default
   * and says what it needs ("with Altitude"); the value chosen before is kept for when it applies.
   */
  private optionControls(board: BoardModel, value: SetupValue) {
    const defs: Record<string, unknown> = Object.fromEntries(board.options.map((o) => [o.id, o]));
    const effective = effectiveOptions(defs, value.options);
    const control = (o: OptionModel) => {
      const needs = unmetRequirements(defs, o.id, effective);
      const why = needs.length ? `Only with ${requirementText(board, o)}` : '';
      return this.renderOption(o, needs.length ? o.default : value.options[o.id] ?? o.default, why);
    };
    // An optional rule and its readings on a line of their own.
    return optionGroups(board.options).map((group) => (group.length > 1 ? html`<div class="option-group">${group.map(control)}</div>` : control(group[0]!)));
  }

  private renderOption(o: OptionModel, current: boolean | number | string, why: string) {
    const set = (v: boolean | number | string) => this.change({ options: { ...this.value!.options, [o.id]: v } });
    const off = why !== '';
    const title = optionTitle(o, why);
    const needs = off ? html`<span class="needs">(${why.replace(/^Only with/, 'with')})</span>` : nothing;
    if (o.type === 'boolean') {
      return html`<label class="check" title=${title} ?data-off=${off}><input type="checkbox" name="option-${o.id}" ?disabled=${off} .checked=${current === true} @change=${(e: Event) => set((e.target as HTMLInputElement).checked)} />${o.name}${needs}</label>`;
    }
    if (o.type === 'number') {
      return html`<label title=${title} ?data-off=${off}>${o.name}
        <input type="number" name="option-${o.id}" ?disabled=${off} min=${o.min ?? nothing} max=${o.max ?? nothing} .value=${String(current)} @change=${(e: Event) => set(Number((e.target as HTMLInputElement).value))} />${needs}</label>`;
    }
    return html`<label title=${title} ?data-off=${off}>${o.name}
      <select name="option-${o.id}" ?disabled=${off} .value=${String(current)} @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
        ${(o.values ?? []).map((v) => html`<option value=${v} ?selected=${v === current}>${v.replace(/_/g, ' ')}</option>`)}
      </select>${needs}</label>`;
  }

  private changePlayers(n: number): void {
    const board = this.board!;
    const players = Math.min(board.players.max, Math.max(board.players.min, Math.round(n) || board.players.default));
    const seats = Array.from({ length: players }, (_, i) => this.value!.seats[i] ?? this.opponent);
    this.change({ players, seats });
  }

  private changeSeat(i: number, kind: SeatKind): void {
    const seats = [...this.value!.seats];
    seats[i] = kind;
    this.change({ seats });
  }

  private change(changes: Partial<SetupValue>): void {
    this.value = { ...this.value!, ...changes };
    emit(this, 'rs-setup-change', { value: this.value });
  }
}

customElements.define('rs-game-setup', RsGameSetup);

declare global {
  interface HTMLElementTagNameMap {
    'rs-game-setup': RsGameSetup;
  }
}
