// The Union Turn and the year (spec §3): the rulebook examples T1, T2, T3, T8, T9, T10, T11, T16
// and the High Seas Squadron from 1862, played against rulesets/blockade-runner.
import { describe, expect, test } from 'vitest';
import { callDetached } from '../../../interpreter/runtime/index.ts';
import {
  area, call, calmSeas, clearShips, forceDice, gameAtFirstAction, logSince, MAINLAND_PORTS, putShip,
  setTrack, setVariable, track, variable, toAnswer,
} from './helpers.ts';

const blockades = (game: ReturnType<typeof gameAtFirstAction>) => MAINLAND_PORTS.map((p) => track(game, 'blockade', p));

describe('1.1 Blockade and 1.2 Port Assault', () => {
  test('T1 (IT L53; NL L58-63): with 13 War Goods delivered, 5 cards are drawn: four ports +1, the last is set aside and assaulted with +2', () => {
    // Given: 1864, W = 13, no blockade anywhere, every Union card in the deck.
    const game = gameAtFirstAction(3, 't1');
    calmSeas(game);
    setTrack(game, 'year', 1864);
    setTrack(game, 'war_goods_last_year', 13);
    // Do: the Blockade phase.
    const from = game.log.length;
    call(game, 'blockade_phase', []);
    // Expect: 12 - 7 = 5 cards; 4 ports at blockade 1, 1 Port Assault card set aside (no +1 on it).
    expect(logSince(game, from)[0]).toBe('Blockade: 13 War Goods delivered last year, War Effort -7: 5 Union cards drawn');
    expect(blockades(game).filter((b) => b === 1)).toHaveLength(4);
    expect(blockades(game).filter((b) => b !== 0 && b !== 1)).toEqual([]);
    const assault = game.state.zones.assault_cards!;
    expect(assault).toHaveLength(1);
    const port = game.state.cards[assault[0]!]!.def.replace('blockade_', '');
    expect(track(game, 'blockade', port)).toBe(0);
    // Do: the Port Assault: +2, the port falls if blockade >= defense.
    call(game, 'port_assault_phase', []);
    const printed = (game.program.data.map!.areas as Record<string, { props: { printed_defense: number } }>)[port]!.props.printed_defense;
    expect(variable(game, 'captured', port)).toBe(printed <= 2);
    if (printed > 2) expect(track(game, 'blockade', port)).toBe(2);
  });

  test('T1 / A-1: the NL reading (cap before the modifier) draws min(12, cards left) - 7 once a port has fallen', () => {
    const game = gameAtFirstAction(3, 't1-nl', { draw_formula: 'cap_before_modifier' });
    calmSeas(game);
    // One port already captured: its card is out of the deck (11 left).
    const norfolkCard = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'blockade_norfolk')!;
    game.rt.remove(game.rt.ref('card', norfolkCard), null, { path: ['test'], span: { start: 0, end: 0 } });
    setVariable(game, 'captured', true, 'norfolk');
    setTrack(game, 'war_goods_last_year', 13);
    const from = game.log.length;
    call(game, 'blockade_phase', []);
    expect(logSince(game, from)[0]).toBe('Blockade: 13 War Goods delivered last year, War Effort -7: 4 Union cards drawn');
  });

  test('T2 (IT L22; NL L30-32): the first year is played as if 10 War Goods were delivered: 7 cards, 1 assault, no inland capture, no Squadron, no price change', () => {
    // Given/Do: a real game from the start (ships placed in Bermuda), run to the first player action.
    const game = gameAtFirstAction(4, 't2');
    const lines = game.log.filter((e) => e.kind === 'log').map((e) => e.text);
    expect(lines).toContain('Blockade: 10 War Goods delivered last year, War Effort -5: 7 Union cards drawn');
    const assaulted = lines.filter((l) => l.startsWith('Port Assault on '));
    expect(assaulted).toHaveLength(1);
    // Six ports at blockade 1; the seventh assaulted: blockade 2 (holds) or captured (printed defense <= 2).
    const captured = MAINLAND_PORTS.filter((p) => variable(game, 'captured', p) === true);
    expect(blockades(game).filter((b) => b === 1)).toHaveLength(6);
    expect(blockades(game).filter((b) => b === 2).length + captured.length).toBe(1);
    for (const p of captured) expect(game.log.some((e) => e.text === `Port Assault on ${game.rt.label(area(game, p))}: blockade 2 >= defense ${track(game, 'defense', p)}, the port falls`)).toBe(true);
    // No inland capture, no Squadron, prices unchanged, nobody has an extra action.
    expect(Object.entries(variable(game, 'captured') as Record<string, boolean>).filter(([id, c]) => c && !MAINLAND_PORTS.includes(id))).toEqual([]);
    expect(variable(game, 'squadron_zone')).toBe(null);
    expect([track(game, 'cotton_price'), track(game, 'tobacco_price'), track(game, 'contraband_price')]).toEqual([10, 16, 20]);
    expect(game.pending!.prompt).toBe('Choose an action (4 points left)');
  });

  test('T3 (IT L61; NL L88-101): Charleston, blockade 2 and defense 4, is assaulted: it falls; its ships roll against 4 with defense 4, escape in turn order, then the port is captured', () => {
    // Given: the Charleston card is the Port Assault card; the Advance (speed 3, empty) of p1 and
    // the loaded Lizzie (speed 2) of p2 are in Charleston; p2 has another ship elsewhere.
    const game = gameAtFirstAction(2, 't3');
    calmSeas(game);
    clearShips(game);
    setTrack(game, 'blockade', 2, 'charleston');
    setTrack(game, 'defense', 4, 'charleston');
    const advance = putShip(game, 'advance', 'p1', 'charleston');
    const lizzie = putShip(game, 'lizzie', 'p2', 'charleston', { cotton: 1 });
    putShip(game, 'kate', 'p2', 'nassau');
    setVariable(game, 'turn_order_track', [{ $ref: 'player', id: 'p1' }, { $ref: 'player', id: 'p2' }]);
    const card = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'blockade_charleston')!;
    game.rt.remove(game.rt.ref('card', card), game.rt.ref('zone', 'assault_cards'), { path: ['test'], span: { start: 0, end: 0 } });
    const cottonSupply = track(game, 'supply_cotton');
    const cottonInCharleston = track(game, 'stock_cotton', 'charleston');
    // Do: the Port Assault. The Advance rolls 4 and 6 (V = 3 + 4 - 4 + 1 = 4: a 4 saves it) and
    // sails out; the Lizzie keeps her cargo (V = 2 + 4 - 4 = 2) and rolls 3 and 3: captured.
    forceDice(game, 4, 6, 3, 3);
    const from = game.log.length;
    call(game, 'port_assault_phase', [], ['Carolina waters', 'stop here', 'keep the cargo']);
    const lines = logSince(game, from);
    expect(lines[0]).toBe('Port Assault on Charleston, SC: blockade 4 >= defense 4, the port falls');
    expect(lines).toContain('Evasion roll: Advance V = 4 against blockade 4, rolls 4 and 6: evades');
    expect(lines).toContain('Evasion roll: Lizzie V = 2 against blockade 4, rolls 3 and 3: captured');
    // Expect: the Advance escaped to open sea; the Lizzie is gone with her cotton.
    expect(game.state.pieces[advance.id]!.at).toBe('carolina_waters');
    expect(game.state.pieces[lizzie.id]!.at).toBe('@out');
    // Charleston: captured, no blockade marker, no defense markers, no cubes, card out of the deck.
    expect(variable(game, 'captured', 'charleston')).toBe(true);
    expect(track(game, 'blockade', 'charleston')).toBe(0);
    expect(track(game, 'defense', 'charleston')).toBe(3);
    expect(track(game, 'stock_cotton', 'charleston')).toBe(0);
    expect(track(game, 'supply_cotton')).toBe(cottonSupply + cottonInCharleston + 1);
    expect(game.state.cards[card]!.at).toBe('out');
    expect(Object.values(game.state.pieces).filter((p) => p.type === 'captured_city_marker' && p.at === 'charleston')).toHaveLength(1);
  });

  test('T3: a ship escaping a falling port may not stop there and may not come back', () => {
    const game = gameAtFirstAction(2, 't3b');
    calmSeas(game);
    clearShips(game);
    setTrack(game, 'blockade', 5, 'charleston');
    setTrack(game, 'defense', 3, 'charleston');
    putShip(game, 'banshee', 'p1', 'charleston');
    setVariable(game, 'turn_order_track', [{ $ref: 'player', id: 'p1' }, { $ref: 'player', id: 'p2' }]);
    const card = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'blockade_charleston')!;
    game.rt.remove(game.rt.ref('card', card), null, { path: ['test'], span: { start: 0, end: 0 } });
    setVariable(game, 'closing_port', { $ref: 'area', id: 'charleston' });
    const gen = callDetached(game.rt, 'sail', [game.rt.ref('piece', 'banshee'), 'escape'], { path: ['test'], span: { start: 0, end: 0 } });
    const first = gen.next().value as { labels: string[] };
    expect(first.labels).toEqual(['Carolina waters']);
    const second = gen.next(0).value as { labels: string[] };
    expect(second.labels).not.toContain('Charleston, SC');
    expect(second.labels).toContain('stop here');
  });

  test('T8 (IT L57; NL L68-71): a Blockade card on a port already at 6 lowers its defense by 1, never below the printed value', () => {
    const game = gameAtFirstAction(3, 't8');
    calmSeas(game);
    setTrack(game, 'blockade', 6, 'savannah');
    setTrack(game, 'defense', 4, 'savannah'); // printed 2
    const savannah = area(game, 'savannah');
    call(game, 'blockade_hit', [savannah]);
    expect([track(game, 'blockade', 'savannah'), track(game, 'defense', 'savannah')]).toEqual([6, 3]);
    call(game, 'blockade_hit', [savannah]);
    expect([track(game, 'blockade', 'savannah'), track(game, 'defense', 'savannah')]).toEqual([6, 2]);
    call(game, 'blockade_hit', [savannah]);
    expect([track(game, 'blockade', 'savannah'), track(game, 'defense', 'savannah')]).toEqual([6, 2]);
  });

  test('A-7: a Port Assault never takes the blockade above 6', () => {
    const game = gameAtFirstAction(3, 'a7');
    calmSeas(game);
    clearShips(game);
    setTrack(game, 'blockade', 5, 'mobile');
    setTrack(game, 'defense', 6, 'mobile');
    const card = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'blockade_mobile')!;
    game.rt.remove(game.rt.ref('card', card), game.rt.ref('zone', 'assault_cards'), { path: ['test'], span: { start: 0, end: 0 } });
    call(game, 'port_assault_phase', []);
    // 5 + 2 stops at 6 >= defense 6: the port falls anyway.
    expect(variable(game, 'captured', 'mobile')).toBe(true);
  });

  test('1.2 (IT L59): an assaulted port that holds keeps its raised blockade and its ships do not roll', () => {
    const game = gameAtFirstAction(3, 'holds');
    calmSeas(game);
    clearShips(game);
    putShip(game, 'kate', 'p1', 'wilmington');
    const card = Object.keys(game.state.cards).find((c) => game.state.cards[c]!.def === 'blockade_wilmington')!;
    game.rt.remove(game.rt.ref('card', card), game.rt.ref('zone', 'assault_cards'), { path: ['test'], span: { start: 0, end: 0 } });
    const from = game.log.length;
    call(game, 'port_assault_phase', []);
    expect(logSince(game, from)).toEqual(['Port Assault on Wilmington, NC: blockade 2 < defense 3, the port holds']);
    expect(game.state.pieces.kate!.at).toBe('wilmington');
    expect(game.state.cards[card]!.at).toBe('discard');
  });
});

describe('1.3 Inland City Capture and 1.4 High Seas Squadron', () => {
  test('T16 (IT L65; NL L110): a roll naming a city already captured is rolled again', () => {
    // Given: Nashville (7) already captured; W = 10 gives one inland capture.
    const game = gameAtFirstAction(3, 't16');
    calmSeas(game);
    setVariable(game, 'captured', true, 'nashville');
    setTrack(game, 'war_goods_last_year', 10);
    const columbiaCotton = track(game, 'stock_cotton', 'columbia');
    const supply = track(game, 'supply_cotton');
    // Do: roll 3 + 4 = 7 (Nashville, again), then 2 + 2 = 4 (Columbia).
    forceDice(game, 3, 4, 2, 2);
    const from = game.log.length;
    call(game, 'inland_city_capture_phase', []);
    expect(logSince(game, from)).toEqual([
      'Inland City Capture: Nashville, TN is already captured, roll again',
      'Inland City Capture: Columbia, SC is captured',
    ]);
    // Expect: Columbia captured and emptied; its cubes back in the supply.
    expect(variable(game, 'captured', 'columbia')).toBe(true);
    expect(track(game, 'stock_cotton', 'columbia')).toBe(0);
    expect(track(game, 'supply_cotton')).toBe(supply + columbiaCotton);
  });

  test('1.3 (War Effort chart): few War Goods mean two inland captures', () => {
    const game = gameAtFirstAction(3, 'inland2');
    calmSeas(game);
    setTrack(game, 'war_goods_last_year', 3);
    forceDice(game, 1, 1, 6, 6);
    call(game, 'inland_city_capture_phase', []);
    expect([variable(game, 'captured', 'richmond'), variable(game, 'captured', 'houston')]).toEqual([true, true]);
  });

  test('1.4 (IT L67; NL L114-117): from 1862 the Squadron moves to the zone the die gives', () => {
    const game = gameAtFirstAction(3, 'hss');
    forceDice(game, 4);
    call(game, 'high_seas_squadron_phase', []);
    expect(variable(game, 'squadron_zone')).toEqual({ $ref: 'area', id: 'straits_of_florida' });
  });

  test('3.7 (IT L22): the Squadron and the inland capture first act in 1862, in a real game', () => {
    const game = gameAtFirstAction(2, 'hss-1862');
    // Everyone passes in 1861 (round 1: one round is one year).
    while (game.state.round < 2 && game.pending?.prompt.startsWith('Choose an action')) expect(game.answer(toAnswer(game.pending, 'Pass'))).toEqual({ ok: true });
    const phases = game.log.filter((e) => e.kind === 'phase').map((e) => `${e.round} ${e.text}`);
    expect(phases).toContain('1 1.1 Blockade');
    expect(phases).toContain('1 4. Player Turns — Player 1');
    expect(phases.filter((p) => p.startsWith('1 '))).not.toContain('1 1.3 Inland City Capture');
    expect(phases).toContain('2 1.3 Inland City Capture');
    expect(phases).toContain('2 1.4 High Seas Squadron');
    expect(variable(game, 'squadron_zone')).not.toBe(null);
    expect(track(game, 'year')).toBe(1862);
  });
});

describe('2. Commodity Management, 3. Turn order, end of the year', () => {
  test('T9 (IT L69; NL L119-123): in 1862 a price rises one space, or two when none of it was sold in 1861', () => {
    const game = gameAtFirstAction(3, 't9');
    setTrack(game, 'year', 1862);
    setVariable(game, 'sold_this_year', { cotton: 1, tobacco: 0, contraband: 2 });
    call(game, 'commodity_management', []);
    expect([track(game, 'cotton_price'), track(game, 'tobacco_price'), track(game, 'contraband_price')]).toEqual([11, 18, 21]);
    expect(variable(game, 'sold_this_year')).toEqual({ cotton: 0, tobacco: 0, contraband: 0 });
  });

  test('T9 / A-5: with the "+1 then +2 more" reading a commodity nobody sold rises 3 spaces', () => {
    const game = gameAtFirstAction(3, 't9b', { no_delivery_price_up: 3 });
    setTrack(game, 'year', 1862);
    call(game, 'commodity_management', []);
    expect(track(game, 'tobacco_price')).toBe(19);
  });

  test('2. (IT L69): every uncaptured city is refilled; a captured one is not', () => {
    const game = gameAtFirstAction(3, 'refill');
    calmSeas(game);
    setTrack(game, 'stock_war_goods', 0, 'nassau');
    setTrack(game, 'stock_cotton', 0, 'mobile');
    setVariable(game, 'captured', true, 'mobile');
    const supply = track(game, 'supply_war_goods');
    call(game, 'commodity_management', []);
    expect(track(game, 'stock_war_goods', 'nassau')).toBe(4);
    expect(track(game, 'supply_war_goods')).toBe(supply - 4);
    expect(track(game, 'stock_cotton', 'mobile')).toBe(0);
  });

  test('T10 (IT L73; NL L126-132): lowest total capacity first, then least cash', () => {
    // Given: A capacity 3 and $12,000; B capacity 3 and $8,000; C capacity 2 and $30,000.
    const game = gameAtFirstAction(3, 't10');
    clearShips(game);
    putShip(game, 'kate', 'p1', 'nassau');
    putShip(game, 'lizzie', 'p1', 'nassau');
    putShip(game, 'banshee', 'p2', 'nassau');
    putShip(game, 'cornubia', 'p2', 'nassau');
    putShip(game, 'syren', 'p3', 'nassau');
    setTrack(game, 'cash', 12, 'p1');
    setTrack(game, 'cash', 8, 'p2');
    setTrack(game, 'cash', 30, 'p3');
    setTrack(game, 'year', 1862);
    call(game, 'determine_turn_order', []);
    expect((variable(game, 'turn_order_track') as Array<{ id: string }>).map((p) => p.id)).toEqual(['p3', 'p2', 'p1']);
  });

  test('T11 (IT L83; NL L169-171): the most War Goods delivered, ties included, earn a fifth action; nobody when nobody delivered', () => {
    const game = gameAtFirstAction(3, 't11');
    setTrack(game, 'player_war_goods', 4, 'p1');
    setTrack(game, 'player_war_goods', 4, 'p2');
    setTrack(game, 'player_war_goods', 1, 'p3');
    setTrack(game, 'war_goods_delivered', 9);
    call(game, 'end_of_year', []);
    expect(['p1', 'p2', 'p3'].map((p) => variable(game, 'extra_action', p))).toEqual([true, true, false]);
    expect(track(game, 'war_goods_last_year')).toBe(9);
    expect(track(game, 'year')).toBe(1862);
    // A year with no deliveries: nobody.
    call(game, 'end_of_year', []);
    expect(['p1', 'p2', 'p3'].map((p) => variable(game, 'extra_action', p))).toEqual([false, false, false]);
  });

  test('3 then 4 (IT L73-75): the player turns of a year follow the order phase 3 set that same year', () => {
    const game = gameAtFirstAction(3, 'order-by-year');
    const orderNow = () => (variable(game, 'turn_order_track') as Array<{ id: string }>).map((p) => p.id);
    const turns: Record<number, string[]> = {};
    const orders: Record<number, string[]> = {};
    for (let i = 0; game.pending && game.state.round <= 2 && i < 500; i++) {
      const req = game.pending;
      const round = game.state.round;
      if (req.prompt.startsWith('Choose an action')) {
        orders[round] ??= orderNow();
        if ((turns[round] ??= []).at(-1) !== req.player) turns[round]!.push(req.player);
        expect(game.answer(toAnswer(req, 'Pass'))).toEqual({ ok: true });
      } else expect(game.answer(toAnswer(req, 0))).toEqual({ ok: true });
    }
    expect(turns[1]).toEqual(orders[1]);
    expect(turns[2]).toEqual(orders[2]);
    // The seed gives 1862 another order than 1861, so a round-start order would show here.
    expect(orders[2]).not.toEqual(orders[1]);
  });

  test('T11: a player with the extra action has 5 action points in the player turns', () => {
    const game = gameAtFirstAction(3, 't11b');
    const order = (variable(game, 'turn_order_track') as Array<{ id: string }>).map((p) => p.id);
    setVariable(game, 'extra_action', true, order[1]);
    expect(game.pending!.prompt).toBe('Choose an action (4 points left)');
    expect(game.answer(toAnswer(game.pending!, 'Pass'))).toEqual({ ok: true });
    expect(game.pending!.player).toBe(order[1]);
    expect(game.pending!.prompt).toBe('Choose an action (5 points left)');
  });
});
