// Player turns (spec §4): Load, Unload, Move and evasion, action cards and the Port Defense Fund,
// auctions, rail transport, the last-ship rule, victory. Rulebook examples T4-T7, T12-T15, T17, T18.
import { describe, expect, test } from 'vitest';
import type { Game } from '../../../interpreter/runtime/index.ts';
import { callDetached } from '../../../interpreter/runtime/index.ts';
import {
  act, attach, call, calmSeas, clearShips, forceDice, diceLeft, gameAtFirstAction, giveCard, hand, logSince,
  player, putShip, setTrack, setVariable, ship, track, variable, victory, type DecisionRequest,
} from './helpers.ts';

/** A 2- or 3-player game at the first action, with a clean board and the given cash. */
function board(players: number, seed: string, cash = 50, options: Record<string, unknown> = {}): Game {
  const game = gameAtFirstAction(players, seed, options);
  calmSeas(game);
  clearShips(game);
  for (let i = 1; i <= players; i++) setTrack(game, 'cash', cash, `p${i}`);
  setTrack(game, 'port_defense_fund', 0);
  return game;
}

describe('4.2 Unload', () => {
  test('T4 (IT L81; NL L156-161): the Robert E. Lee sells 1 Tobacco and 2 Cotton in Havana: $40,000; Cotton drops one space', () => {
    // Given: Tobacco 16 with empty Sold boxes; Cotton 12 with two Cotton Sold boxes full.
    const game = board(2, 't4', 0);
    putShip(game, 'robert_e_lee', 'p1', 'havana', { tobacco: 1, cotton: 2 });
    setTrack(game, 'cotton_price', 12);
    setTrack(game, 'cotton_sold', 2);
    const supply = track(game, 'supply_cotton');
    // Do: one Unload action.
    call(game, 'unload_cargo', [player(game, 'p1')], [
      'Robert E. Lee: tobacco in Havana, Cuba (1 aboard)', 1,
      'Robert E. Lee: cotton in Havana, Cuba (2 aboard)', 2,
    ]);
    // Expect: 16 + 2 x 12 (both Cotton at the price of the start of the action) = 40.
    expect(track(game, 'cash', 'p1')).toBe(40);
    // 3 Cotton to the supply, 1 left in a box, the price one space down (11 on consecutive spaces).
    expect(track(game, 'supply_cotton')).toBe(supply + 3);
    expect(track(game, 'cotton_sold')).toBe(1);
    expect(track(game, 'cotton_price')).toBe(11);
    expect([track(game, 'tobacco_sold'), track(game, 'tobacco_price')]).toEqual([1, 16]);
    expect(variable(game, 'sold_this_year')).toEqual({ cotton: 2, tobacco: 1, contraband: 0 });
  });

  test('T7 (IT L83): 3 Contraband and 1 War Goods: the 2 Contraband in excess pay $5,000 bribes each: $51,000', () => {
    const game = board(2, 't7', 0);
    putShip(game, 'robert_e_lee', 'p1', 'wilmington', { contraband: 3, war_goods: 1 });
    call(game, 'unload_cargo', [player(game, 'p1')], [
      'Robert E. Lee: contraband in Wilmington, NC (3 aboard)', 3,
      'Robert E. Lee: war_goods in Wilmington, NC (1 aboard)', 1,
    ]);
    expect(track(game, 'cash', 'p1')).toBe(20 + 2 * 15 + 1);
    // The War Goods count toward W and the player's extra action; 3 Contraband fill the boxes once.
    expect([track(game, 'war_goods_delivered'), track(game, 'player_war_goods', 'p1')]).toEqual([1, 1]);
    expect([track(game, 'contraband_sold'), track(game, 'contraband_price')]).toEqual([0, 19]);
  });

  test('T7 / A-3: under the NL reading every Contraband cube of that ship pays the bribe: $46,000', () => {
    const game = board(2, 't7nl', 0, { bribe_scope: 'all' });
    putShip(game, 'robert_e_lee', 'p1', 'wilmington', { contraband: 3, war_goods: 1 });
    call(game, 'unload_cargo', [player(game, 'p1')], [
      'Robert E. Lee: contraband in Wilmington, NC (3 aboard)', 3,
      'Robert E. Lee: war_goods in Wilmington, NC (1 aboard)', 1,
    ]);
    expect(track(game, 'cash', 'p1')).toBe(3 * 15 + 1);
  });

  test('R-UNL-2 (IT L79, L83): Cotton and Tobacco sell only offshore, Contraband and War Goods only in mainland ports', () => {
    const game = board(2, 'where', 0);
    putShip(game, 'robert_e_lee', 'p1', 'nassau', { cotton: 1, war_goods: 1 });
    putShip(game, 'colonel_lamb', 'p1', 'savannah', { tobacco: 1, contraband: 1 });
    const lots = call(game, 'unload_lots', [player(game, 'p1')]) as Array<{ label: string }>;
    expect(lots.map((l) => l.label)).toEqual([
      'Robert E. Lee: cotton in Nassau, Bahamas (1 aboard)',
      'Colonel Lamb: contraband in Savannah, GA (1 aboard)',
    ]);
  });
});

describe('4.1 Load and 4.7 Rail Transport', () => {
  test('R-LOAD (IT L77): every ship loads in its port, paying $1,000 / $4,000 / $5,000 / free, never beyond its capacity', () => {
    const game = board(2, 'load', 12);
    putShip(game, 'theodora', 'p1', 'nassau');
    putShip(game, 'syren', 'p1', 'new_orleans');
    const lots = (call(game, 'load_lots', [player(game, 'p1'), false]) as Array<{ label: string }>).map((l) => l.label);
    expect(lots).toEqual([
      'Syren: cotton from New Orleans, LA at 1 each (up to 2)',
      'Syren: tobacco from New Orleans, LA at 4 each (up to 1)',
      'Theodora: contraband from Nassau, Bahamas at 5 each (up to 2)',
      'Theodora: war_goods from Nassau, Bahamas at 0 each (up to 3)',
    ]);
    call(game, 'load_cargo', [player(game, 'p1'), false], [
      'Theodora: war_goods from Nassau, Bahamas at 0 each (up to 3)', 2,
      'Theodora: contraband from Nassau, Bahamas at 5 each (up to 1)', 1,
      'Syren: tobacco from New Orleans, LA at 4 each (up to 1)', 1,
      'Syren: cotton from New Orleans, LA at 1 each (up to 1)', 1,
    ]);
    expect(track(game, 'cash', 'p1')).toBe(12 - 5 - 4 - 1);
    expect([track(game, 'cargo_war_goods', 'theodora'), track(game, 'cargo_contraband', 'theodora')]).toEqual([2, 1]);
    expect([track(game, 'stock_war_goods', 'nassau'), track(game, 'stock_tobacco', 'new_orleans')]).toEqual([2, 0]);
  });

  test('T12 (IT L117; NL L258-263): a Tobacco cube 2 rail sections away costs $4,000 + 2 x $1,000; never through a captured city', () => {
    // Given: a ship in Wilmington; New Bern's Tobacco is 2 sections away (via Raleigh).
    const game = board(2, 't12', 10);
    putShip(game, 'kate', 'p1', 'wilmington');
    const lots = () => (call(game, 'load_lots', [player(game, 'p1'), true]) as Array<{ label: string }>).map((l) => l.label);
    expect(lots()).toContain('Kate: tobacco from New Bern, NC by rail at 6 each (up to 1)');
    expect(lots()).toContain('Kate: tobacco from Raleigh, NC by rail at 5 each (up to 1)');
    // Do: load it with a Rail Transport action.
    act(game, 'rail_transport', {}, ['Kate: tobacco from New Bern, NC by rail at 6 each (up to 1)', 1]);
    expect(track(game, 'cash', 'p1')).toBe(4);
    expect(track(game, 'cargo_tobacco', 'kate')).toBe(1);
    expect(track(game, 'stock_tobacco', 'new_bern')).toBe(0);
    // Raleigh captured: New Bern (only reachable through Raleigh) and Raleigh drop out.
    call(game, 'add_cargo', [ship(game, 'kate'), 'tobacco', -1]);
    setTrack(game, 'stock_tobacco', 1, 'new_bern');
    setVariable(game, 'captured', true, 'raleigh');
    expect(lots().filter((l) => l.includes('New Bern') || l.includes('Raleigh'))).toEqual([]);
  });

  test('R-RAIL-1 / A-2: under the IT reading Rail Transport lets the next Load take rail goods (two actions)', () => {
    const game = board(2, 'rail-it', 10, { rail_is_load: false });
    putShip(game, 'kate', 'p1', 'wilmington');
    act(game, 'rail_transport', {}, []);
    expect(variable(game, 'rail_permit', 'p1')).toBe(true);
    act(game, 'load', {}, ['Kate: tobacco from Raleigh, NC by rail at 5 each (up to 1)', 1]);
    expect([track(game, 'cash', 'p1'), variable(game, 'rail_permit', 'p1')]).toEqual([5, false]);
  });

  test('Rail Requisition (spec §7.5): the next Rail Transport pays no section fees', () => {
    const game = board(2, 'rail-req', 10);
    putShip(game, 'kate', 'p1', 'wilmington');
    const card = giveCard(game, 'rail_requisition', 'p1');
    call(game, 'play_action_card', [card, 'its effect'], [0]);
    act(game, 'rail_transport', {}, ['Kate: tobacco from New Bern, NC by rail at 4 each (up to 1)', 1]);
    expect(track(game, 'cash', 'p1')).toBe(6);
    expect(variable(game, 'rail_fee_waived', 'p1')).toBe(false);
  });
});

describe('4.3 Move and the evasion roll', () => {
  test('T5 (IT L89; NL L195-202): the Lizzie (speed 2 + Captain, 2 War Goods) runs into Galveston (blockade 2, defense 2): V = 3; a 2 saves her', () => {
    const game = board(2, 't5');
    putShip(game, 'lizzie', 'p1', 'western_gulf', { war_goods: 2 });
    attach(game, 'captain', 'lizzie');
    setTrack(game, 'blockade', 2, 'galveston');
    forceDice(game, 2, 6);
    const from = game.log.length;
    act(game, 'move_ships', {}, ['Lizzie', 'Galveston, TX', 'keep the cargo', 'stop here']);
    expect(logSince(game, from)).toContain('Evasion roll: Lizzie V = 3 against blockade 2, rolls 2 and 6: evades');
    expect(game.state.pieces.lizzie!.at).toBe('galveston');
  });

  test('T5: with both dice above 3 the Lizzie is captured with her cargo, and her Captain is discarded', () => {
    const game = board(2, 't5b');
    putShip(game, 'lizzie', 'p1', 'western_gulf', { war_goods: 2 });
    putShip(game, 'kate', 'p1', 'nassau');
    const captain = attach(game, 'captain', 'lizzie');
    setTrack(game, 'blockade', 2, 'galveston');
    const supply = track(game, 'supply_war_goods');
    forceDice(game, 4, 4);
    act(game, 'move_ships', {}, ['Lizzie', 'Galveston, TX', 'keep the cargo', 'end the move']);
    expect(game.state.pieces.lizzie!.at).toBe('@out');
    expect(track(game, 'supply_war_goods')).toBe(supply + 2);
    expect(game.state.cards[captain.id]!.at).toBe('discard');
  });

  test('T6 (IT L95-102; NL L223-230): Ironclad at Galveston, $10,000 of John\'s own money: blockade 1, defense 3, Fund empty', () => {
    // Given: Galveston blockade 2, defense 2 (printed); Fund $0; John (p1) has $12,000 and an Ironclad.
    const game = board(2, 't6', 12);
    putShip(game, 'lizzie', 'p1', 'western_gulf', { war_goods: 2 });
    attach(game, 'captain', 'lizzie');
    setTrack(game, 'blockade', 2, 'galveston');
    const ironclad = giveCard(game, 'ironclad', 'p1');
    const handSize = hand(game, 'p1').length;
    // Do: one action: play the Ironclad; add 10 to the Fund; buy a level-3 marker for Galveston.
    game.state.active = { player: 'p1', side: null };
    call(game, 'play_action_card', [ironclad, 'its effect'], ['Galveston, TX', 10, 'Galveston, TX']);
    expect(track(game, 'blockade', 'galveston')).toBe(1);
    expect(track(game, 'defense', 'galveston')).toBe(3);
    expect(track(game, 'port_defense_fund')).toBe(0);
    expect(track(game, 'cash', 'p1')).toBe(2);
    expect(game.state.cards[ironclad.id]!.at).toBe('discard');
    expect(hand(game, 'p1')).toHaveLength(handSize);
    // Follow-up: T5 again: V = 3 + 3 - 1 = 5, captured only on a double 6.
    forceDice(game, 5, 6);
    const from = game.log.length;
    act(game, 'move_ships', {}, ['Lizzie', 'Galveston, TX', 'keep the cargo', 'stop here']);
    expect(logSince(game, from)).toContain('Evasion roll: Lizzie V = 5 against blockade 1, rolls 5 and 6: evades');
  });

  test('T14 (IT L85-87; NL L181-192): an empty speed-3 ship moves up to 4 zones', () => {
    const game = board(2, 't14');
    putShip(game, 'banshee', 'p1', 'bermuda');
    act(game, 'move_ships', {}, ['Banshee', 'Gulf Stream (high seas)', 'Carolina waters', 'Georgia-Florida waters', 'Straits of Florida']);
    expect(game.state.pieces.banshee!.at).toBe('straits_of_florida');
  });

  test('T14: the empty hold adds 1 to every evasion value', () => {
    const game = board(2, 't14b');
    putShip(game, 'banshee', 'p1', 'carolina_waters');
    setTrack(game, 'blockade', 2, 'savannah');
    forceDice(game, 1, 1);
    const from = game.log.length;
    act(game, 'move_ships', {}, ['Banshee', 'Savannah, GA', 'stop here']);
    // V = 3 + 2 (defense) + 1 (empty) - 2 = 4
    expect(logSince(game, from)).toContain('Evasion roll: Banshee V = 4 against blockade 2, rolls 1 and 1: evades');
  });

  test('T14: a loaded speed-2 ship facing V = 1 jettisons: V = 2, and its move goes on one zone further', () => {
    const game = board(2, 't14c');
    putShip(game, 'kate', 'p1', 'carolina_waters', { cotton: 1 });
    setTrack(game, 'blockade', 3, 'savannah'); // defense 2: V = 2 + 2 - 3 = 1
    const supply = track(game, 'supply_cotton');
    forceDice(game, 2, 6);
    const from = game.log.length;
    act(game, 'move_ships', {}, ['Kate', 'Savannah, GA', 'jettison the cargo', 'Georgia-Florida waters', 'Nassau, Bahamas']);
    const lines = logSince(game, from);
    expect(lines).toContain('Kate jettisons its cargo');
    expect(lines).toContain('Evasion roll: Kate V = 2 against blockade 3, rolls 2 and 6: evades');
    expect(game.state.pieces.kate!.at).toBe('nassau');
    expect(track(game, 'supply_cotton')).toBe(supply + 1);
    // The allowance rose from 2 to 3 after the jettison: two more zones after Savannah, then the move ends
    // (every scripted answer was asked for, and no further question came).
  });

  test('R-MOV-2 (IT L85): a ship leaving a blockaded port rolls once; one that does not move never rolls', () => {
    const game = board(2, 'leave');
    putShip(game, 'banshee', 'p1', 'savannah');
    putShip(game, 'kate', 'p1', 'savannah');
    setTrack(game, 'blockade', 2, 'savannah');
    forceDice(game, 1, 1);
    const from = game.log.length;
    act(game, 'move_ships', {}, ['Kate', 'stop here', 'Banshee', 'Carolina waters', 'stop here']);
    expect(logSince(game, from).filter((l) => l.startsWith('Evasion roll'))).toEqual(['Evasion roll: Banshee V = 4 against blockade 2, rolls 1 and 1: evades']);
    expect(diceLeft(game)).toBe(0);
  });

  test('R-MOV-4 (IT L59): a captured port\'s zone may be crossed, without a roll, but not stopped in', () => {
    const game = board(2, 'cross');
    putShip(game, 'banshee', 'p1', 'carolina_waters');
    setVariable(game, 'captured', true, 'wilmington');
    const gen = callDetached(game.rt, 'sail', [ship(game, 'banshee'), 'move'], { path: ['test'], span: { start: 0, end: 0 } });
    const first = gen.next().value as { labels: string[] };
    const inWilmington = gen.next(first.labels.indexOf('Wilmington, NC')).value as { labels: string[]; prompt: string };
    expect(inWilmington.prompt).toBe('Move Banshee from Wilmington, NC (3 left)');
    expect(inWilmington.labels).not.toContain('stop here');
  });

  test('T15 (IT L67; NL L116-117): the Squadron\'s zone: one roll to pass through, one to leave it, none when staying', () => {
    const game = board(2, 't15');
    setVariable(game, 'squadron_zone', { $ref: 'area', id: 'straits_of_florida' });
    putShip(game, 'banshee', 'p1', 'havana');
    putShip(game, 'fox', 'p2', 'straits_of_florida');
    putShip(game, 'stag', 'p2', 'straits_of_florida');
    // Through the zone in one move: one roll, V = 3 + 1 (empty) - 1 = 3.
    forceDice(game, 1, 1);
    let from = game.log.length;
    act(game, 'move_ships', {}, ['Banshee', 'Straits of Florida', 'Nassau, Bahamas', 'stop here']);
    expect(logSince(game, from).filter((l) => l.startsWith('Evasion roll'))).toEqual(['Evasion roll: Banshee V = 3 against blockade 1, rolls 1 and 1: evades']);
    // Starting in the zone: one roll to leave; the ship that stays does not roll.
    forceDice(game, 2, 2);
    from = game.log.length;
    act(game, 'move_ships', {}, ['Fox', 'Nassau, Bahamas', 'stop here', 'Stag', 'stop here'], 'p2');
    expect(logSince(game, from).filter((l) => l.startsWith('Evasion roll'))).toEqual(['Evasion roll: Fox V = 3 against blockade 1, rolls 2 and 2: evades']);
    expect(diceLeft(game)).toBe(0);
  });

  test('T17 (IT L124; NL L276-277): a player who loses their last ship gets the cheapest available ship free and $5,000', () => {
    const game = board(2, 't17', 0);
    putShip(game, 'kate', 'p1', 'carolina_waters', { cotton: 1 });
    setTrack(game, 'blockade', 6, 'savannah'); // V = 2 + 2 - 6 = -2: certain capture
    forceDice(game, 1, 1);
    act(game, 'move_ships', {}, ['Kate', 'Savannah, GA', 'keep the cargo', 'Dolphin', 'Nassau, Bahamas']);
    expect(game.state.pieces.kate!.at).toBe('@out');
    expect([game.state.pieces.dolphin!.owner, game.state.pieces.dolphin!.at]).toEqual(['p1', 'nassau']);
    expect(track(game, 'cash', 'p1')).toBe(5);
  });

  test('Insurance (spec §7.5): the bank pays the printed value of an insured ship that is captured', () => {
    const game = board(2, 'insurance', 0);
    putShip(game, 'hope', 'p1', 'carolina_waters');
    putShip(game, 'kate', 'p1', 'nassau');
    attach(game, 'insurance', 'hope');
    setTrack(game, 'blockade', 6, 'savannah');
    forceDice(game, 6, 6);
    act(game, 'move_ships', {}, ['Hope', 'Savannah, GA', 'end the move']);
    expect(track(game, 'cash', 'p1')).toBe(30);
  });
});

describe('4.4 Action cards and the Port Defense Fund', () => {
  test('T13 (IT L104; NL L236-238): a card played for money only adds $10,000; with $5,000 left over the Fund raises a port 2 -> 3 with no personal cash', () => {
    const game = board(2, 't13', 0);
    setTrack(game, 'port_defense_fund', 5);
    const card = giveCard(game, 'market_speculation', 'p1');
    game.state.active = { player: 'p1', side: null };
    call(game, 'play_action_card', [card, 'the Fund only'], ['Savannah, GA']);
    expect(track(game, 'defense', 'savannah')).toBe(3);
    expect(track(game, 'port_defense_fund')).toBe(0);
  });

  test('R-CARD-4 (IT L93): never above 6, never offshore, one level at a time; leftover money stays in the Fund', () => {
    const game = board(2, 'fund', 0);
    setTrack(game, 'defense', 5, 'mobile');
    setTrack(game, 'port_defense_fund', 35);
    const card = giveCard(game, 'captain', 'p1');
    game.state.active = { player: 'p1', side: null };
    const asked: DecisionRequest[] = [];
    call(game, 'play_action_card', [card, 'the Fund only'], ['Mobile, AL', 'no more defense'], asked);
    expect(track(game, 'defense', 'mobile')).toBe(6);
    expect(track(game, 'port_defense_fund')).toBe(45 - 30);
    expect(asked[1]!.labels).not.toContain('Mobile, AL');
    expect(asked[0]!.labels.some((l) => l.includes('Nassau') || l.includes('Bermuda'))).toBe(false);
  });

  test('A-9: with one level per card play, the window closes after one step', () => {
    const game = board(2, 'onelevel', 0, { one_level_per_card_play: true });
    setTrack(game, 'port_defense_fund', 40);
    const card = giveCard(game, 'captain', 'p1');
    game.state.active = { player: 'p1', side: null };
    call(game, 'play_action_card', [card, 'the Fund only'], ['Savannah, GA']);
    expect(track(game, 'port_defense_fund')).toBe(50 - 15);
  });

  test('R-CARD-6 (IT L106; NL L240-241): cards are traded one for one; hands keep their size', () => {
    const game = board(2, 'trade');
    const give = giveCard(game, 'fog_bank', 'p1');
    const take = giveCard(game, 'pilot', 'p2');
    const sizes = [hand(game, 'p1').length, hand(game, 'p2').length];
    // The cards just given are last in each hand.
    act(game, 'trade_cards', { partner: player(game, 'p2') }, [sizes[0]! - 1, sizes[1]! - 1, 'accept']);
    expect(hand(game, 'p1')).toContain(take.id);
    expect(hand(game, 'p2')).toContain(give.id);
    expect([hand(game, 'p1').length, hand(game, 'p2').length]).toEqual(sizes);
  });

  test('Captain (IT L89): attached to a ship, +1 speed; at most one Captain per ship', () => {
    const game = board(2, 'captain');
    putShip(game, 'kate', 'p1', 'nassau');
    attach(game, 'captain', 'kate');
    const card = giveCard(game, 'captain', 'p1');
    game.state.active = { player: 'p1', side: null };
    expect(call(game, 'card_uses', [card])).toEqual(['the Fund only']);
    expect(call(game, 'ship_speed', [ship(game, 'kate')])).toBe(3);
  });
});

describe('4.6 Ship Auction', () => {
  test('R-AUC-1..3 (IT L108; NL L245-249): the initiator opens at the printed value; bids go clockwise; passing is final; the winner pays and places the ship', () => {
    const game = board(3, 'auction', 40);
    putShip(game, 'kate', 'p1', 'nassau');
    game.state.active = { player: 'p1', side: null };
    // p1 opens Jenny at 30; p2 raises to 31; p3 passes; p1 raises to 33; p2 passes.
    call(game, 'auction_chain', [ship(game, 'jenny')], ['raise', 31, 'pass', 'raise', 33, 'pass', 'Havana, Cuba']);
    expect([game.state.pieces.jenny!.owner, game.state.pieces.jenny!.at]).toEqual(['p1', 'havana']);
    expect([track(game, 'cash', 'p1'), track(game, 'cash', 'p2'), track(game, 'cash', 'p3')]).toEqual([7, 40, 40]);
  });

  test('R-AUC-4, R-AUC-5 (IT L108; NL L249-252): when someone else wins, the initiator may auction again; a winner may not bid again', () => {
    const game = board(3, 'chain', 40);
    game.state.active = { player: 'p1', side: null };
    const asked: DecisionRequest[] = [];
    call(game, 'auction_chain', [ship(game, 'jenny')], [
      'raise', 35, 'pass', 'pass', 'Bermuda (St. George\'s)', // p2 wins Jenny for 35
      'Kate', // p1 auctions Kate (10)
      'pass', // only p3 may bid against p1; p2 already won in this action
      'Nassau, Bahamas',
    ], asked);
    expect([game.state.pieces.jenny!.owner, game.state.pieces.kate!.owner]).toEqual(['p2', 'p1']);
    const kateBidders = asked.filter((r) => r.prompt.startsWith('Kate: ')).map((r) => r.player);
    expect(kateBidders).toEqual(['p3']);
    expect([track(game, 'cash', 'p1'), track(game, 'cash', 'p2')]).toEqual([30, 5]);
  });
});

describe('Victory', () => {
  test('T18 (IT L120-122; NL L265-270): equal wealth, the greater total capacity wins', () => {
    // A: $80,000 + ships worth $40,000 (capacity 4); B: $100,000 + a $20,000 ship of capacity 3.
    const game = board(2, 't18');
    putShip(game, 'kate', 'p1', 'nassau');
    putShip(game, 'alice', 'p1', 'nassau');
    putShip(game, 'lizzie', 'p2', 'nassau');
    game.state.pieces.lizzie!.props.capacity = 3;
    setTrack(game, 'cash', 80, 'p1');
    setTrack(game, 'cash', 100, 'p2');
    expect(victory(game)).toEqual({ winner: 'p1', level: 'Equal wealth; greater fleet capacity', wealth: 120 });
  });

  test('R-END-2: then the greater total speed, Captains and Pilots included; then a shared win', () => {
    const game = board(2, 'speed');
    putShip(game, 'kate', 'p1', 'nassau');
    putShip(game, 'dolphin', 'p2', 'nassau');
    expect(victory(game)).toEqual({ winner: ['p1', 'p2'], level: 'Shared victory', wealth: 60 });
    attach(game, 'pilot', 'dolphin');
    expect(victory(game)).toEqual({ winner: 'p2', level: 'Equal wealth and capacity; greater fleet speed', wealth: 60 });
  });

  test('R-END-1: with every company at 0 cash, the ships decide: the richest company is named as such', () => {
    const game = board(3, 'no-cash');
    putShip(game, 'kate', 'p1', 'nassau');
    putShip(game, 'lizzie', 'p2', 'nassau');
    putShip(game, 'dolphin', 'p3', 'nassau');
    for (const p of ['p1', 'p2', 'p3']) setTrack(game, 'cash', 0, p);
    // Kate and Dolphin are worth 10 each, Lizzie 20: Lizzie's owner is richest without a tie-break.
    expect(victory(game)).toEqual({ winner: 'p2', level: 'Richest company', wealth: 20 });
  });

  test('R-END-1 / A-21: cargo, cards and the Fund do not count', () => {
    const game = board(2, 'wealth');
    putShip(game, 'kate', 'p1', 'nassau', { war_goods: 1 });
    putShip(game, 'dolphin', 'p2', 'nassau');
    setTrack(game, 'cash', 51, 'p2');
    setTrack(game, 'port_defense_fund', 30);
    expect(victory(game)).toEqual({ winner: 'p2', level: 'Richest company', wealth: 61 });
  });
});
