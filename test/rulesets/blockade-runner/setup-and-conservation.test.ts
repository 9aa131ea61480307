// Setup by player count (spec §2) and whole random games: money, cubes, cards and ships are
// conserved at every decision, and every game ends with a winner or a declared tie.
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../../interpreter/agents/index.ts';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { startGame } from '../../helpers/ruleset.ts';
import { gameAtFirstAction, hand, program, track, variable } from './helpers.ts';

type Data = ReturnType<typeof program>['data'];
const SETUP: Record<number, { cash: number; ships: string[]; cards: number }> = {
  2: { cash: 15, ships: ['2/1', '2/2', '2/3', '3/1', '3/1'], cards: 6 },
  3: { cash: 10, ships: ['2/1', '2/2', '3/1', '3/1'], cards: 5 },
  4: { cash: 8, ships: ['2/1', '2/2', '3/1'], cards: 4 },
  5: { cash: 6, ships: ['2/2', '3/1'], cards: 4 },
  6: { cash: 5, ships: ['2/2', '3/1'], cards: 3 },
};

const shipIds = (data: Data) => Object.keys(data.pieces ?? {}).filter((t) => data.pieces![t]!.kind === 'ship');
const props = (data: Data, id: string) => data.pieces![id]!.props as { speed: number; capacity: number; value: number };

describe('Setup (IT L9-22; NL L7-32; spec §2)', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    test(`${n} players: each gets $${SETUP[n]!.cash},000, ships ${SETUP[n]!.ships.join(', ')} and ${SETUP[n]!.cards} action cards; the rest of the ships form the auction pool`, () => {
      const game = gameAtFirstAction(n, `setup-${n}`);
      const data = game.program.data;
      const ships = shipIds(data);
      for (let i = 1; i <= n; i++) {
        const p = `p${i}`;
        expect(track(game, 'cash', p)).toBe(SETUP[n]!.cash);
        expect(hand(game, p)).toHaveLength(SETUP[n]!.cards);
        const mine = ships.filter((s) => game.state.pieces[s]!.owner === p).map((s) => `${props(data, s).speed}/${props(data, s).capacity}`).sort();
        expect(mine).toEqual(SETUP[n]!.ships);
        expect(variable(game, 'colour', p)).toBe((data.variables!.colour_names!.initial as string[])[i - 1]);
      }
      expect(ships.filter((s) => game.state.pieces[s]!.at === 'ship_pool')).toHaveLength(ships.length - n * SETUP[n]!.ships.length);
      expect([track(game, 'cotton_price'), track(game, 'tobacco_price'), track(game, 'contraband_price'), track(game, 'year')]).toEqual([10, 16, 20, 1861]);
    });
  }

  test('every commodity box starts full (IT L9)', () => {
    const game = gameAtFirstAction(3, 'boxes');
    const areas = game.program.data.map!.areas as Record<string, { props?: { boxes?: Record<string, number> } }>;
    for (const [id, a] of Object.entries(areas)) {
      if (variable(game, 'captured', id) === true) continue;
      for (const [c, n] of Object.entries(a.props?.boxes ?? {})) expect(track(game, `stock_${c}`, id), `${id} ${c}`).toBe(n);
    }
  });

  test('ships are placed one at a time, from a random player clockwise (IT L18; NL L26-28)', () => {
    const game = gameAtFirstAction(4, 'placement');
    const placers = game.log.filter((e) => e.kind === 'log' && / places .* in /.test(e.text)).map((e) => Number(e.text.split(' ')[1]));
    expect(placers).toHaveLength(12);
    for (let i = 1; i < placers.length; i++) expect(placers[i]).toBe((placers[i - 1]! % 4) + 1);
    // The placement order is the turn-order track until the first Determine Turn Order (A-11).
    expect(game.log.some((e) => e.text === `Setup: Player ${placers[0]} places first`)).toBe(true);
  });
});

/**
 * Every invariant the rules imply, checked on the raw game state: money always; cubes, ships and
 * cards at rest (the start of an action, the end of the game). Returns the problems found.
 */
function invariants(game: Game, atActionStart: boolean): string[] {
  const problems: string[] = [];
  const s = game.state;
  const data = game.program.data;
  const players = s.players.map((p) => p.id);
  const areas = data.map!.areas as Record<string, { type: string; props?: { boxes?: Record<string, number> } }>;
  const t = (id: string) => s.tracks[id] as Record<string, number>;
  const captured = s.vars.captured as Record<string, boolean>;

  // Money: the bank's ledger balances every player's cash and the Port Defense Fund.
  const cash = players.reduce((a, p) => a + t('cash')[p]!, 0);
  if (cash + (s.tracks.port_defense_fund as number) + (s.tracks.bank_ledger as number) !== 0) problems.push(`money: cash ${cash} + fund ${s.tracks.port_defense_fund} + ledger ${s.tracks.bank_ledger} != 0`);
  for (const p of players) if (t('cash')[p]! < 0) problems.push(`money: ${p} has ${t('cash')[p]}`);
  if (!atActionStart) return problems;

  // Cubes: supply + boxes + holds + Sold boxes (or War Goods Delivered) = the counter mix, per colour.
  const ships = Object.keys(s.pieces).filter((id) => data.pieces![s.pieces[id]!.type]!.kind === 'ship');
  for (const c of ['cotton', 'tobacco', 'contraband', 'war_goods']) {
    const mix = data.pieces![`${c}_cube`]!.count;
    const boxes = Object.keys(areas).reduce((a, id) => a + t(`stock_${c}`)[id]!, 0);
    const holds = ships.reduce((a, id) => a + t(`cargo_${c}`)[id]!, 0);
    const sold = c === 'war_goods' ? (s.tracks.war_goods_delivered as number) : (s.tracks[`${c}_sold`] as number);
    const supply = s.tracks[`supply_${c}`] as number;
    if (supply + boxes + holds + sold !== mix) problems.push(`cubes ${c}: supply ${supply} + boxes ${boxes} + holds ${holds} + sold ${sold} != ${mix}`);
    if (s.options.limited_cube_supply && supply < 0) problems.push(`cubes ${c}: supply ${supply} < 0 with a limited supply`);
    for (const [id, a] of Object.entries(areas)) {
      const n = t(`stock_${c}`)[id]!;
      if (n > (a.props?.boxes?.[c] ?? 0)) problems.push(`cubes: ${n} ${c} in ${id}, more than its boxes`);
      if (captured[id] && n > 0) problems.push(`cubes: ${n} ${c} in captured ${id}`);
    }
  }

  // Ships: in the pool (owned by nobody once setup is over), on the map with an owner, or gone.
  for (const id of ships) {
    const p = s.pieces[id]!;
    const cargo = ['cotton', 'tobacco', 'contraband', 'war_goods'].reduce((a, c) => a + t(`cargo_${c}`)[id]!, 0);
    if (p.at === '@out' || p.at === 'ship_pool') {
      if (cargo > 0) problems.push(`ship ${id} off the map with cargo`);
      if (p.at === 'ship_pool' && p.owner !== null && s.phase !== 'setup') problems.push(`ship ${id} in the pool owned by ${p.owner}`);
      continue;
    }
    if (p.at === null || !(p.at in areas)) { problems.push(`ship ${id} at ${p.at}`); continue; }
    if (p.owner === null) problems.push(`ship ${id} on the map without owner`);
    if (cargo > (p.props.capacity as number | undefined ?? props(data, p.type).capacity)) problems.push(`ship ${id} carries ${cargo}, above its capacity`);
    if (atActionStart && captured[p.at]) problems.push(`ship ${id} stopped in captured ${p.at}`);
    if (atActionStart && areas[p.at]!.type === 'inland_city') problems.push(`ship ${id} inland`);
  }

  // Cards: each in exactly one pile, hand or zone (or out of the game); hands keep their size.
  const places = new Map<string, string[]>();
  const note = (card: string, where: string) => places.set(card, [...(places.get(card) ?? []), where]);
  for (const [deck, d] of Object.entries(s.decks)) { d.draw.forEach((c) => note(c, `${deck}.draw`)); d.discard.forEach((c) => note(c, `${deck}.discard`)); }
  for (const [zone, list] of Object.entries(s.zones)) for (const c of list) if (s.cards[c]) note(c, zone);
  for (const [id, c] of Object.entries(s.cards)) {
    const where = places.get(id) ?? [];
    if (c.at === 'out') { if (where.length) problems.push(`card ${id} out of the game but in ${where}`); continue; }
    if (where.length !== 1) problems.push(`card ${id} in ${where.length} places: ${where.join(', ')}`);
    if (c.deck === 'action_cards' && where.length === 1 && !/^(action_cards\.(draw|discard)|hand@p\d|attached)$/.test(where[0]!)) problems.push(`action card ${id} in ${where[0]}`);
    if (c.deck === 'union_blockade' && where.length === 1 && !/^(union_blockade\.(draw|discard)|assault_cards)$/.test(where[0]!)) problems.push(`union card ${id} in ${where[0]}`);
  }
  const outUnion = Object.values(s.cards).filter((c) => c.deck === 'union_blockade' && c.at === 'out').length;
  const capturedPorts = Object.keys(areas).filter((id) => areas[id]!.type === 'mainland_port' && captured[id]).length;
  if (outUnion !== capturedPorts) problems.push(`${outUnion} Union cards out of the game for ${capturedPorts} captured ports`);
  // One Captured City marker on each captured port or city, and none elsewhere.
  const markers = Object.values(s.pieces).filter((p) => p.type === 'captured_city_marker' && p.at !== null).map((p) => p.at!).sort();
  const capturedAreas = Object.keys(areas).filter((id) => captured[id]).sort();
  if (markers.join() !== capturedAreas.join()) problems.push(`Captured City markers on ${markers} but captured: ${capturedAreas}`);
  const handSize = SETUP[players.length]!.cards;
  if (s.phase !== 'setup') for (const p of players) if (s.zones[`hand@${p}`]!.length !== handSize) problems.push(`${p} holds ${s.zones[`hand@${p}`]!.length} cards`);
  // Attached cards lie with exactly one ship in play, and the ships list exactly those.
  const attached = s.zones.attached ?? [];
  const listed = ships.filter((id) => s.pieces[id]!.at !== '@out' && s.pieces[id]!.at !== 'ship_pool')
    .flatMap((id) => ((s.vars.attached_cards as Record<string, Array<{ id: string }>>)[id] ?? []).map((r) => r.id));
  if ([...listed].sort().join() !== [...attached].sort().join()) problems.push(`attached zone ${attached} but ships list ${listed}`);
  return problems;
}

function playRandom(players: number, seed: string, options: Record<string, unknown> = {}): { game: Game; problems: string[]; decisions: number } {
  const game = startGame(program(), { seed, players, options }, { log: 'none' });
  const agent = new RandomAgent(seed);
  const problems: string[] = [];
  let decisions = 0;
  for (; game.pending && decisions < 20_000; decisions++) {
    const req = game.pending;
    problems.push(...invariants(game, req.prompt.startsWith('Choose an action')).map((p) => `decision ${decisions}: ${p}`));
    if (problems.length) break;
    const r = game.answer(agent.choose(req));
    if (!r.ok) { problems.push(`decision ${decisions}: answer refused: ${r.message}`); break; }
  }
  if (!problems.length) problems.push(...invariants(game, true).map((p) => `end: ${p}`));
  return { game, problems, decisions };
}

describe('Random games (whole game, every player count)', () => {
  test('30 games per player count: no runtime error, a winner or a declared tie, and money conserved at every decision, cubes, cards and ships at the start of every action and at the end', () => {
    const summary: string[] = [];
    for (const n of [2, 3, 4, 5, 6]) {
      for (let i = 0; i < 30; i++) {
        // Every fifth game plays the alternative readings (spec §8 engine flags).
        const options = i % 5 === 4
          ? { draw_formula: 'cap_before_modifier', rail_is_load: false, bribe_scope: 'all', first_turn_order: 'random', no_delivery_price_up: 3, one_level_per_card_play: true, limited_cube_supply: true }
          : {};
        const { game, problems } = playRandom(n, `conserve-${n}-${i}`, options);
        expect(problems, `${n} players, game ${i}`).toEqual([]);
        expect(game.error, `${n} players, game ${i}`).toBe(null);
        expect(game.status).toBe('ended');
        const result = game.result as { winner: unknown; level: string };
        const winners = Array.isArray(result.winner) ? result.winner : [result.winner];
        expect(winners.length).toBeGreaterThan(0);
        for (const w of winners) expect(game.state.players.map((p) => p.id)).toContain(w);
        if (Array.isArray(result.winner)) expect(result.level).toBe('Shared victory');
        else expect(['Richest company', 'Equal wealth; greater fleet capacity', 'Equal wealth and capacity; greater fleet speed']).toContain(result.level);
        expect(track(game, 'year')).toBe(1865);
        summary.push(String(result.winner));
      }
    }
    expect(summary).toHaveLength(150);
  }, 240_000);
});
