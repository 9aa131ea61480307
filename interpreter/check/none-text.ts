import type { CheckContext } from './context.ts';
import { entries, isRecord } from './context.ts';

type Path = Array<string | number>;

/**
 * `none` written as a value in YAML is the text "none": YAML has no such word, and the rules
 * language's `none` is not read from data. Where the same field (a table's cell, a row's field, a
 * piece type's, area's or card's prop) is a number elsewhere, the writer meant no value, and arithmetic on the text
 * stops the game; `none` among texts (`cost: none` beside `cost: "-1 Exposure"`) is left alone,
 * as is any other word among numbers (`prohibited`: how tables say "not allowed").
 */
export function checkNoneText(ctx: CheckContext): void {
  const data = ctx.model.data;
  for (const [id, table] of entries(data.tables)) {
    if (!isRecord(table) || !isRecord(table.rows) || table.cells === 'expression') continue;
    const cells: Array<[Path, unknown]> = [];
    const fields = new Map<string, Array<[Path, unknown]>>();
    for (const [label, row] of Object.entries(table.rows)) {
      const at: Path = ['tables', id, 'rows', label];
      const values: Array<[Path, unknown]> = Array.isArray(row) ? row.map((cell, i) => [[...at, i], cell]) : [[at, row]];
      for (const [path, value] of values) {
        if (!isRecord(value)) {
          cells.push([path, value]);
          continue;
        }
        for (const [k, v] of Object.entries(value)) fields.set(k, [...(fields.get(k) ?? []), [[...path, k], v]]);
      }
    }
    report(ctx, cells, `\`${id}\`'s other cells are numbers`);
    for (const [k, list] of fields) report(ctx, list, `\`${k}\` is a number in \`${id}\`'s other rows`);
  }
  const groups: Array<[string, Array<[Path, unknown]>]> = [
    ['piece types', entries(data.pieces).map(([id, p]) => [['pieces', id], p])],
    ['areas', entries(data.map?.areas).map(([id, a]) => [['map', 'areas', id], a])],
    ['area types', entries(data.map?.area_types).map(([id, a]) => [['map', 'area_types', id], a])],
    ...entries(data.decks).map(([id, deck]): [string, Array<[Path, unknown]>] => [`cards of \`${id}\``, isRecord(deck) && Array.isArray(deck.cards) ? deck.cards.map((card, i) => [['decks', id, 'cards', i], card]) : []]),
  ];
  for (const [what, owners] of groups) {
    const props = new Map<string, Array<[Path, unknown]>>();
    for (const [path, owner] of owners) {
      if (!isRecord(owner) || !isRecord(owner.props)) continue;
      for (const [k, v] of Object.entries(owner.props)) props.set(k, [...(props.get(k) ?? []), [[...path, 'props', k], v]]);
    }
    for (const [k, list] of props) report(ctx, list, `\`${k}\` is a number in the other ${what}`);
  }
}

function report(ctx: CheckContext, values: ReadonlyArray<[Path, unknown]>, elsewhere: string): void {
  if (!values.some(([, v]) => typeof v === 'number')) return;
  for (const [path, v] of values) {
    if (v !== 'none') continue;
    ctx.atValue(path, {
      code: 'none-as-text',
      message: `This \`none\` is the text "none" (YAML has no \`none\`), but ${elsewhere}: arithmetic on it stops the game.`,
      hint: 'Write `null` (or `~`) for no value, or leave it out; for a word that scripts test, pick another word.',
    });
  }
}
