import type { RulesetFile } from '../../grammar/index.ts';
import { dataType } from './table-types.ts';
import { ANY, BOOL, NUMBER, TEXT, cardOf, entity, join, listOf, type Ty } from './types.ts';

/** What `edge(a, b)` gives: a record of the grid's `edge_props`, each field of its default's kind (none for two hexes apart). */
function edgeType(data: RulesetFile | undefined): Ty {
  const props = data?.map?.grid?.edge_props;
  if (props === undefined || props === null || typeof props !== 'object') return ANY;
  return { k: 'record', fields: new Map(Object.entries(props).map(([k, v]) => [k, dataType(v)])) };
}

/**
 * Functions every ruleset can call, with arity and types for the checker. The runtime implements
 * the same names (one table, so checker and runtime cannot disagree on what exists).
 * Ruleset procedures are called the same way and may not reuse these names.
 */
export interface BuiltinFunction {
  name: string;
  min: number;
  max: number;
  /** Parameter types by position (the last one repeats for variadic functions). */
  params: Ty[];
  /** A type, or one made from the arguments' types and the ruleset's data (`edge` gives a record of `map.grid.edge_props`). */
  returns: Ty | ((args: Ty[], data?: RulesetFile) => Ty);
  doc: string;
}

const fn = (name: string, params: Ty[], returns: BuiltinFunction['returns'], doc: string, min = params.length, max = params.length): BuiltinFunction => ({
  name, min, max, params, returns, doc,
});

const firstArg = (args: Ty[]): Ty => args[0] ?? ANY;
const AREA = entity('area');
const PIECE = entity('piece');

export const BUILTIN_FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = new Map(
  [
    fn('ceil', [NUMBER], NUMBER, 'Round up to a whole number.'),
    fn('floor', [NUMBER], NUMBER, 'Round down to a whole number.'),
    fn('round', [NUMBER], NUMBER, 'Round to the nearest whole number, halves up.'),
    fn('half_up', [NUMBER], NUMBER, 'Half, rounded up: half_up(5) is 3.'),
    fn('half_down', [NUMBER], NUMBER, 'Half, rounded down: half_down(5) is 2.'),
    fn('abs', [NUMBER], NUMBER, 'Absolute value.'),
    fn('min', [NUMBER], NUMBER, 'The smallest of its arguments (or of one list).', 1, Infinity),
    fn('max', [NUMBER], NUMBER, 'The largest of its arguments (or of one list).', 1, Infinity),
    fn('clamp', [NUMBER, NUMBER, NUMBER], NUMBER, 'clamp(x, low, high) keeps x within low..high.'),
    fn('size', [ANY], NUMBER, 'Number of elements of a list, cards in a deck or pieces in a zone or area.'),
    fn('text', [ANY], TEXT, 'A value as text.'),
    // The value joins the items' kind: `append(ports, "no more defense")` is a list of areas and a text.
    fn('append', [ANY, ANY], (args) => (args[0]?.k === 'list' && args[1] ? listOf(args[0].empty ? args[1] : join(args[0].of, args[1])) : firstArg(args)), 'A new list with the value added at the end.'),
    fn('without', [ANY, ANY], firstArg, 'A new list without the given value (or values).'),
    fn('reverse', [ANY], firstArg, 'The list in reverse order.'),
    fn('unique', [ANY], firstArg, 'The list without repeated values.'),
    fn('shuffled', [ANY], firstArg, 'The list in a random order (uses the game\'s seeded generator).'),
    fn('keys', [ANY], listOf(TEXT), 'Field names of a record.'),
    fn('pieces_in', [ANY], listOf(PIECE), 'Pieces in an area, zone or hex.'),
    fn('pieces_of', [ANY], listOf(PIECE), 'Pieces of a side or player, wherever they are.'),
    fn('unplaced', [ANY], listOf(PIECE), 'Pieces of a piece type still in the box (not yet placed), lowest id first.'),
    fn('unplaced_of_kind', [TEXT], listOf(PIECE), 'Pieces of every type of this kind (`kind:`) still in the box, in declaration order.'),
    fn('resolve', [entity('card')], ANY, 'Carry out a card\'s `effect:` (the card is bound as `card`), or a table row\'s: `resolve(table[key], …)` or `resolve(roll on table, …)` passes the table\'s `params` (the row is bound as `row`).'),
    fn('peek', [entity('deck'), NUMBER], listOf(entity('card')), 'The top cards of a deck\'s draw pile without drawing them (1 unless a count is given).', 1, 2),
    fn('cards_in', [ANY], (args) => listOf(cardOf(args[0] ?? ANY)), 'Cards in a deck\'s draw pile, a discard pile or a hand.'),
    fn('neighbours', [AREA, TEXT], listOf(AREA), 'Areas linked to an area, optionally by one link type only.', 1, 2),
    fn('linked', [AREA, AREA], BOOL, 'Whether two areas are directly linked.'),
    fn('link_type', [AREA, AREA], TEXT, 'The type of the link between two adjacent areas (or none).'),
    fn('link_cost', [AREA, AREA], NUMBER, 'The cost of the link between two adjacent areas.'),
    fn('reachable', [AREA, NUMBER], listOf(AREA), 'Areas reachable from an area within a movement budget, paying each link\'s cost (the start excluded).'),
    fn('path_cost', [AREA, AREA], NUMBER, 'The cheapest total link cost from one area to another (none when unreachable).'),
    fn('distance', [ANY, ANY], NUMBER, 'Steps between two areas (fewest links) or two hexes.'),
    fn('hex_at', [NUMBER, NUMBER], entity('hex'), 'The hex at a column and row.'),
    fn('hex_neighbour', [ANY, NUMBER], entity('hex'), 'The hex next to a hex in a direction 0–5.'),
    fn('direction_to', [ANY, ANY], NUMBER, 'Direction 0–5 from one hex towards another (nearest).'),
    fn('edge', [ANY, ANY], (_, data) => edgeType(data), 'The hexside between two neighbouring hexes (or pieces on them): a record of `map.grid.edge_props` with that side\'s own values from `map.grid.edges`; none when they are not neighbours.'),
    fn('in_arc', [ANY, NUMBER, ANY, TEXT], BOOL, 'in_arc(from, facing, to, arc): whether `to` lies in the named arc of a piece at `from` facing `facing`; arcs are declared in `map.grid.arcs`.'),
    fn('line_of_fire', [ANY, NUMBER, ANY], BOOL, 'Whether a hex lies on a straight line of hexes from a hex through its facing side.'),
    fn('owner_of', [ANY], entity('player'), 'The player who owns a piece or card.'),
    fn('opponent', [ANY], entity('side'), 'The one side a side (or a player\'s side) plays against: the other side of a two-sided game, or its single `opponents:` entry.'),
    fn('opponents', [ANY], listOf(entity('side')), 'The sides a side (or a player\'s side) plays against: its `opponents:`, else every other side.'),
    fn('next_player', [entity('player')], entity('player'), 'The next player in seating order.'),
    fn('box_value', [TEXT, NUMBER], NUMBER, 'The `value` of a box of a track with `boxes`: box_value("track_id", position); without a position, the box a global track stands on. The first box is the track\'s `min` (0 without one); none past the last box.', 1, 2),
  ].map((f) => [f.name, f]),
);

/**
 * Names every script can read. `player`/`side` are the active player and side; `turn` counts
 * rounds from 1. Collections (`pieces`, `areas`…) are live views of the game state.
 */
export const BUILTIN_NAMES: ReadonlyMap<string, { type: Ty; doc: string }> = new Map([
  ['player', { type: entity('player'), doc: 'The player whose phase or action this is.' }],
  ['side', { type: entity('side'), doc: 'The side of the active player.' }],
  ['players', { type: listOf(entity('player')), doc: 'All players, in seating order.' }],
  ['sides', { type: listOf(entity('side')), doc: 'All sides.' }],
  ['turn_order', { type: listOf(entity('player')), doc: 'Players in the current turn order.' }],
  ['turn', { type: NUMBER, doc: 'The current round, from 1.' }],
  ['phase', { type: TEXT, doc: 'The id of the current phase.' }],
  ['pieces', { type: listOf(PIECE), doc: 'Every piece in play (on the map or in a zone).' }],
  ['areas', { type: listOf(AREA), doc: 'Every area of the map.' }],
  ['hexes', { type: listOf(entity('hex')), doc: 'Every hex of the grid.' }],
  ['player_count', { type: NUMBER, doc: 'How many players are playing.' }],
]);

/** Members every entity of a kind has, besides its props and per-entity tracks and variables. */
export const ENTITY_MEMBERS: Record<string, ReadonlyArray<[string, Ty]>> = {
  piece: [['id', TEXT], ['type', entity('piece-type')], ['name', TEXT], ['side', entity('side')], ['owner', entity('player')], ['kind', TEXT], ['label', TEXT], ['area', AREA], ['zone', entity('zone')], ['location', ANY], ['hex', entity('hex')], ['facing', NUMBER], ['hidden', BOOL], ['flipped', BOOL], ['in_play', BOOL]],
  card: [['id', TEXT], ['name', TEXT], ['deck', entity('deck')], ['text', TEXT], ['owner', entity('player')], ['effect', TEXT]],
  area: [['id', TEXT], ['name', TEXT], ['type', TEXT], ['pieces', listOf(PIECE)], ['neighbours', listOf(AREA)]],
  player: [['id', TEXT], ['name', TEXT], ['seat', NUMBER], ['side', entity('side')], ['color', TEXT]],
  side: [['id', TEXT], ['name', TEXT], ['color', TEXT], ['players', listOf(entity('player'))]],
  zone: [['id', TEXT], ['name', TEXT], ['pieces', listOf(PIECE)], ['cards', listOf(entity('card'))], ['owner', ANY]],
  deck: [['id', TEXT], ['name', TEXT], ['cards', listOf(entity('card'))], ['discards', listOf(entity('card'))], ['size', NUMBER]],
  hex: [['id', TEXT], ['column', NUMBER], ['row', NUMBER], ['label', TEXT], ['pieces', listOf(PIECE)]],
  table: [['id', TEXT], ['name', TEXT]],
  die: [['id', TEXT], ['name', TEXT]],
  'piece-type': [['id', TEXT], ['name', TEXT], ['count', NUMBER], ['side', entity('side')], ['kind', TEXT]],
};
