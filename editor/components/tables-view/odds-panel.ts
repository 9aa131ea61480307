/** The odds of the selected row, column or cell of a table (a template used by rs-tables-view). */
import { html, nothing, type TemplateResult } from 'lit';
import { columnBaseOdds, columnOutcomes, formatOdds, isRolled, odds as oddsOf, rowOdds, type Odds, type Outcome, type Selection } from '../../tables/odds.ts';
import type { Diagnostic, Location, RowView, TableView } from '../../validator/protocol.ts';
import { resultSlot } from '../../tables/result-colors.ts';
import { oddsBar } from './odds-bar.ts';

/** `problem`: the validator's finding on the selected cell, said under its value. */
export function oddsPanel(table: TableView, selection: Selection | undefined, open: (location: Location) => void, problem?: Diagnostic): TemplateResult {
  const rolled = isRolled(table);
  const source = (location: Location | undefined, label: string) =>
    location ? html`<button class="button" @click=${() => open(location)}>${label}</button>` : nothing;
  const intro = table.oddsOf
    ? html`<p data-odds-of>Rows' chances under <strong>${table.oddsOf}</strong> (Odds of, below), out of ${table.totalWeight} equally likely paths.</p>`
    : table.deck
    ? html`<p>A deck of <strong>${table.totalWeight} card${table.totalWeight === 1 ? '' : 's'}</strong>: the chance that a card drawn from it, full and shuffled, is a given one is its copies in ${table.totalWeight}.</p>`
    : rolled
    ? html`<p>Rolled on <strong>${table.roll}</strong>: ${table.totalWeight} equally likely combinations.</p>`
    : table.roll
      ? html`<p>Rolled on <strong>${table.roll}</strong>. ${table.oddsNote ?? ''}</p>`
      : html`<p>Looked up by ${table.keyName ? html`<strong>${table.keyName}</strong>` : 'key'}, not rolled: rows have no odds.</p>`;
  if (!selection) {
    return html`${intro}
      <p class="muted">Select a row, a column or a cell to see ${rolled ? 'the exact odds of its results' : 'its values'}.</p>
      ${source(table.location, 'Show table in file')}`;
  }
  if (selection.kind === 'row') {
    const row = table.rows[selection.row];
    if (!row) return intro;
    const odds = rowOdds(table, selection.row);
    return html`${intro}
      <h3>${table.deck ? 'Card' : 'Row'} ${row.label}</h3>
      ${odds ? html`<p class="big" data-odds>${formatOdds(odds)}</p><p class="muted">${table.deck ? 'chance that a card drawn from the full deck is this one' : 'chance that the roll lands on this row'}</p>` : nothing}
      <dl>${row.cells.map((cell, c) => html`<dt>${table.columns[c] ?? ''}</dt><dd>${describe(table, cell.text)}</dd>`)}</dl>
      ${cardDetails(row.details)}
      ${source(row.location, table.deck ? 'Show card in file' : 'Show row in file')}`;
  }
  const column = table.columns[selection.column] ?? '';
  const outcomes = columnOutcomes(table, selection.column);
  if (selection.kind === 'column') {
    return html`${intro}
      <h3>Column ${column}</h3>
      ${rolled ? outcomeList(table, outcomes, columnBaseOdds(table, selection.column)) : html`<p class="muted">Not rolled: no odds.</p>`}`;
  }
  const row = table.rows[selection.row];
  const cell = row?.cells[selection.column];
  if (!row || !cell) return intro;
  const odds = rowOdds(table, selection.row);
  const same = outcomes.find((o) => o.result === cell.text);
  return html`${intro}
    <h3>Row ${row.label}, column ${column}</h3>
    <p class="result">${describe(table, cell.text)}</p>
    ${problem ? html`<p class="cell-problem sev-${problem.severity}" data-code=${problem.code}>${problem.severity === 'error' ? 'Error' : 'Warning'}: ${problem.message}${problem.hint ? html` <span class="hint">${problem.hint}</span>` : nothing}</p>` : nothing}
    ${cell.base !== undefined ? html`<p class="base-value" data-base=${cell.base}>Changed by this variant: the base has ${cell.base ? describe(table, cell.base) : 'no value here'}.</p>` : nothing}
    ${resultDetails(table, cell.text)}
    ${odds ? html`<p>This row: <strong data-odds>${formatOdds(odds)}</strong></p>` : nothing}
    ${same && rolled && table.columns.length > 1
      ? html`<p>${cell.text} anywhere in this column: <strong>${formatOdds(same.odds)}</strong> (rows ${same.rows.join(', ')})</p>`
      : nothing}
    ${source(cell.location, 'Show cell in file')}`;
}

/**
 * Results of a column in the legend's order, each with its chance as text and as a bar; in a
 * variant that changed the column, the base's chance beside it, results only the base gives at 0.
 */
function outcomeList(table: TableView, outcomes: Outcome[], base?: Map<string, Odds>): TemplateResult {
  const zero = oddsOf(0, 1);
  const rows = [...outcomes, ...[...(base?.keys() ?? [])].filter((r) => !outcomes.some((o) => o.result === r)).map((result): Outcome => ({ result, ...(table.results?.[result] ? { name: table.results[result] } : {}), odds: zero, rows: [] }))];
  return html`<table class="outcomes">
    <thead><tr><th scope="col">Result</th><th scope="col">Odds</th>${base ? html`<th scope="col" title="The same column in the base ruleset">Base</th>` : nothing}<th scope="col">Rows</th></tr></thead>
    <tbody>
      ${rows.map(
        (o) => {
          const slot = resultSlot(table, o.result);
          const was = base?.get(o.result) ?? zero;
          const change = o.odds.percent - was.percent;
          return html`<tr data-result=${o.result}>
          <td class=${slot !== undefined ? `result-${slot}` : ''}>${o.result}${o.name ? html` <span class="muted">${o.name}</span>` : nothing}</td>
          <td>${formatOdds(o.odds)}${oddsBar(o.odds.percent)}</td>
          ${base ? html`<td class="base">${formatOdds(was)}${Math.abs(change) > 1e-9 ? html` <span class="change">${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}</span>` : nothing}</td>` : nothing}
          <td>${o.rows.join(', ')}</td>
        </tr>`;
        },
      )}
    </tbody>
  </table>`;
}

/** A card's provenance (its text is in the grid): what is assumed, a note, the rulebook's place. */
function cardDetails(d: RowView['details']): TemplateResult | typeof nothing {
  if (!d || (!d.assumption && !d.note && !d.source)) return nothing;
  return html`<div class="result-details">
    ${d.assumption ? html`<p>Assumed: ${d.assumption}</p>` : nothing}
    ${d.note ? html`<p class="muted">${d.note}</p>` : nothing}
    ${d.source ? html`<p class="muted">Rulebook: ${d.source}</p>` : nothing}
  </div>`;
}

/** What the legend says of a result code: what it does, the rulebook's place, a note. */
function resultDetails(table: TableView, code: string): TemplateResult | typeof nothing {
  const d = table.resultDetails?.[code];
  if (!d) return nothing;
  return html`<div class="result-details" data-result=${code}>
    ${d.description ? html`<p>${d.description}</p>` : nothing}
    ${d.note ? html`<p class="muted">${d.note}</p>` : nothing}
    ${d.source ? html`<p class="muted">Rulebook: ${d.source}</p>` : nothing}
  </div>`;
}

/** A cell's text with its legend name: `VM — Morale Check`. */
function describe(table: TableView, text: string): string {
  const name = table.results?.[text];
  return name ? `${text} — ${name}` : text;
}
