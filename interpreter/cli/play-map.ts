/**
 * The map as text for `rulesmith play`: what each place is (a hex's terrain, an area's type and
 * props), which a terminal player cannot see otherwise (a designer's walk played a hex wargame in
 * the terminal and never learnt where the river was: `board` listed occupied hexes only, and the
 * move options read `hex 0501`). All from the ruleset's map data; nothing here knows a game.
 */
import { placeName, type Game } from '../runtime/index.ts';

type Props = Record<string, unknown>;
const isProps = (v: unknown): v is Props => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `terrain woods, move_cost 2`: plain values only (lists and records are the rules' business). */
function propsText(props: Props): string {
  return Object.entries(props)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
    .map(([k, v]) => (typeof v === 'string' && k === 'terrain' ? v : `${k} ${String(v)}`))
    .join(', ');
}

/** What is printed beside a place the board lists (`hex 0501` → ` [river, move_cost 4]`), or ''. */
export function placeNote(game: Game, at: string): string {
  const map = game.program.data.map as { areas?: Record<string, unknown>; grid?: { hexes?: Record<string, unknown> } } | undefined;
  if (at.startsWith('hex:')) {
    const label = placeName(game.program, game.state.players, at).replace(/^hex /, '');
    const own = map?.grid?.hexes?.[label];
    const text = isProps(own) ? propsText(own) : '';
    return text ? ` [${text}]` : '';
  }
  const area = map?.areas?.[at];
  if (!isProps(area)) return '';
  const text = [typeof area.type === 'string' ? area.type.replace(/_/g, ' ') : '', isProps(area.props) ? propsText(area.props) : ''].filter(Boolean).join(', ');
  return text ? ` [${text}]` : '';
}

/** `map`: every area with its type and props, the grid's hexes that differ from the rest, the rest, and the hexsides that differ. */
export function mapText(game: Game): string {
  const map = game.program.data.map as { areas?: Record<string, unknown>; grid?: { props?: unknown; hexes?: Record<string, unknown>; edges?: Record<string, unknown> } } | undefined;
  const lines: string[] = [];
  for (const id of Object.keys(map?.areas ?? {})) lines.push(`  ${placeName(game.program, game.state.players, id)}${placeNote(game, id)}`);
  const grid = map?.grid;
  if (grid) {
    const every = isProps(grid.props) ? propsText(grid.props) : '';
    if (every) lines.push(`  every other hex: ${every}`);
    for (const [label, own] of Object.entries(grid.hexes ?? {})) if (isProps(own)) lines.push(`  hex ${label}: ${propsText(own)}`);
    for (const [pair, own] of Object.entries(grid.edges ?? {})) if (isProps(own)) lines.push(`  hexside ${pair}: ${propsText(own)}`);
  }
  return lines.length ? ['Map:', ...lines].join('\n') : 'Map: this game has no map data to show.';
}
