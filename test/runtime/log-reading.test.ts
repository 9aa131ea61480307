/**
 * What a person reads in a log (runtime/log-reading.ts), as `rulesmith play` and the editor's log
 * show it: the rules' bookkeeping (a table read without a roll, a variable without a name) apart
 * from the game, and ids in the ruleset's words.
 */
import { describe, expect, test } from 'vitest';
import { flowName, lineText, pieceAlias, placeName, readable, type LogEntry } from '../../interpreter/runtime/index.ts';
import { EntityRef } from '../../interpreter/runtime/values.ts';
import { logLines } from '../../editor/play/seat-view.ts';
import { loadProgram, programFromText, scriptRules, startGame } from '../helpers/ruleset.ts';

const program = loadProgram('test/fixtures/runtime/log-reading');
const game = startGame(program, { seed: 1 });
const find = (f: (e: LogEntry) => boolean): LogEntry => {
  const e = game.log.find(f);
  if (!e) throw new Error('no such line');
  return e;
};
const table = (id: string) => find((e) => e.kind === 'table' && (e.data as { table?: string }).table === id);
const change = (id: string) => find((e) => e.kind === 'change' && (e.data as { variable?: string }).variable === id);

describe("a game's log as a person reads it", () => {
  test('a table looked up on a roll should be the game, one the rules read without a roll their bookkeeping', () => {
    expect(game.status).toBe('ended');
    expect(table('weather').data).toMatchObject({ rolled: true });
    expect(readable(program, table('weather'))).toBe(true);
    expect(table('costs').data).not.toHaveProperty('rolled');
    expect(readable(program, table('costs'))).toBe(false);
  });

  test('a variable should read by its name, an unnamed one be bookkeeping, and an empty list be []', () => {
    expect(readable(program, change('seen'))).toBe(false);
    expect(readable(program, change('picked'))).toBe(true);
    expect(change('picked').text).toBe('picked = []');
    expect(lineText(program, game.state.players, change('picked'))).toBe('Places picked = []');
  });

  test("a move should name the places, and the scripts' own lines stay as written", () => {
    const move = find((e) => e.kind === 'move' && (e.data as { to?: string }).to === 'ford');
    expect(lineText(program, game.state.players, move)).toMatch(/: The Hill → The Ford$/);
    const said = find((e) => e.kind === 'log');
    expect(readable(program, said)).toBe(true);
    expect(lineText(program, game.state.players, said)).toMatch(/^The weather: (Rain|Sun)$/);
  });

  test("an area's track and a variable holding an area should name the area, as moves do", () => {
    const br = loadProgram('rulesets/blockade-runner');
    const players = [{ id: 'p1', name: 'Player 1' }];
    // Lines as the runtime writes them (ids), read as a person reads them.
    const track: LogEntry = { n: 1, kind: 'change', text: 'Port defense (norfolk): 0 → 1', data: { track: 'defense', owner: 'norfolk', from: 0, to: 1 } } as LogEntry;
    expect(lineText(br, players, track)).toBe('Port defense (Norfolk, VA): 0 → 1');
    const closing: LogEntry = { n: 2, kind: 'change', text: 'closing_port = galveston', data: { variable: 'closing_port', owner: null } } as LogEntry;
    expect(lineText(br, players, closing)).toBe(`Port being closed = ${placeName(br, players, 'galveston')}`);
    expect(placeName(br, players, 'galveston')).not.toBe('galveston');
    const order: LogEntry = { n: 4, kind: 'change', text: 'turn_order_track = p2, p1', data: { variable: 'turn_order_track', owner: null } } as LogEntry;
    expect(lineText(br, [...players, { id: 'p2', name: 'Player 2' }], order)).toBe('Turn Order track = Player 2, Player 1');
    // A value that is not an area id stays as written.
    const none: LogEntry = { n: 3, kind: 'change', text: 'closing_port = none', data: { variable: 'closing_port', owner: null } } as LogEntry;
    expect(lineText(br, players, none)).toBe('Port being closed = none');
  });

  test('a text value that is an id should read by its phase name, or with spaces; other text as written', () => {
    const p = programFromText(`
rulesmith: 1
id: text_ids
name: text-ids
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
variables:
  running: { name: Phase running, type: text, initial: none, per: global, visibility: public }
  status: { name: Status, type: text, initial: in_play, per: global, visibility: public }
flow:
  phases:
    - id: day
      name: 1. Day Phase
      steps:
        - id: dawn_watch
          name: Dawn watch
          do: |
            running = "dawn_watch"
            status = "shot_down"
    - id: night
      do: |
        running = "night"
        status = "Out of play, 2 turns"
        end game with { winner: red, level: "done" }
`);
    const g = startGame(p, { seed: 1 }, { log: 'full' });
    expect(g.error).toBeNull();
    const read = (v: string) => g.log.filter((e) => e.kind === 'change' && (e.data as { variable?: string }).variable === v).map((e) => lineText(p, g.state.players, e));
    // A step's id by its name; a phase without a name and a value that is no phase, with spaces.
    expect(read('running')).toEqual(['Phase running = Dawn watch', 'Phase running = night']);
    expect(read('status')).toEqual(['Status = shot down', 'Status = Out of play, 2 turns']);
    expect(flowName(p, 'day')).toBe('1. Day Phase');
    expect(flowName(p, 'night')).toBeUndefined();
  });

  test("a variable holding cards should name each card the reader's view shows, and leave the others as written", () => {
    const br = loadProgram('rulesets/blockade-runner');
    const players = [{ id: 'p1', name: 'Player 1' }];
    // A ship's attached cards, as the runtime writes them (card ids).
    const line: LogEntry = { n: 5, kind: 'change', text: 'attached_cards (runner_1) = action_cards.captain_3, action_cards.pilot_1', data: { variable: 'attached_cards', owner: 'runner_1' } } as LogEntry;
    const cards = { 'action_cards.captain_3': { deck: 'action_cards', def: 'captain' }, 'action_cards.pilot_1': { deck: 'action_cards', def: 'pilot' } };
    const name = (def: string) => br.data.decks!.action_cards!.cards.find((c) => c.id === def)!.name!;
    expect(lineText(br, players, line, cards)).toBe(`Attached cards (runner_1) = ${name('captain')}, ${name('pilot')}`);
    // A card this reader's view does not show keeps its id (its face is not this reader's to read).
    expect(lineText(br, players, line, { 'action_cards.captain_3': cards['action_cards.captain_3'] })).toBe('Attached cards (runner_1) = action_cards.captain_3, action_cards.pilot_1');
    expect(lineText(br, players, line)).toBe('Attached cards (runner_1) = action_cards.captain_3, action_cards.pilot_1');
  });

  test('a hex should be named by its label on the board', () => {
    expect(placeName(loadProgram('test/fixtures/runtime/hex-east'), [], 'hex:4,9')).toBe('hex 0409');
  });

  test("the editor's log lines should carry the same words, the bookkeeping marked as detail", () => {
    const lines = logLines(program, game.state.players, game.log);
    const detail = lines.filter((l) => l.detail).map((l) => l.text);
    expect(detail).toEqual(['costs: row hill gives 2', 'seen = 2']);
    expect(lines.find((l) => l.kind === 'change' && l.text.startsWith('Places picked'))?.detail).toBeUndefined();
  });
});

describe("a piece's own value in the log", () => {
  test('should name the piece as options do where the reader sees it, and keep the alias where it is hidden', () => {
    // Masks: North marches a lookout, hidden from South; `marches` is a track per piece.
    const masks = loadProgram('test/fixtures/runtime/masks');
    const g = startGame(masks, { seed: 3 });
    const options = g.view('p1').pending!.options;
    expect(g.answerFromView(options.findIndex((o) => o instanceof EntityRef && (o.id === 'lookout_1' || o.id === pieceAlias(g, 'lookout_1'))))).toEqual({ ok: true });
    expect(g.answer(0)).toEqual({ ok: true });
    const read = (seat: string) => {
      const view = g.view(seat);
      return view.log.filter((e) => e.kind === 'change' && (e.data as { track?: string }).track === 'marches').map((e) => lineText(masks, view.state.players, e, view.state.cards, view.state.pieces));
    };
    expect(read('p1')).toEqual(['marches (Lookout #1): 0 → 1']);
    const south = read('p2');
    expect(south).toEqual([`marches (${pieceAlias(g, 'lookout_1')}): 0 → 1`]);
    expect(south.join()).not.toMatch(/Lookout|lookout/);
  });
});

describe('a table row that is a record', () => {
  test('should read in the log by its name, not as the whole record', () => {
    const sections = `tables:
  events:
    name: Events
    roll: 1d6
    rows:
      1-6: { name: Pointing fingers, effect: "A long paragraph of rules text a log line should not carry.", duration: this_turn }`;
    const g = startGame(programFromText(scriptRules('records', sections, 'let e = roll on events')), { seed: 1 }, { log: 'full' });
    expect(g.error).toBeNull();
    const line = g.log.find((e) => e.kind === 'table')!;
    expect(line.text).toMatch(/^Events: row 1-6 \(for \d\) gives Pointing fingers$/);
  });

  test('without a name, should read as its fields in words', () => {
    const sections = `tables:
  turns:
    name: Marker turns
    roll: 1d6
    rows:
      1-6: { turn: 2, direction: rear_right }`;
    const g = startGame(programFromText(scriptRules('records', sections, 'let e = roll on turns')), { seed: 1 }, { log: 'full' });
    expect(g.error).toBeNull();
    expect(g.log.find((e) => e.kind === 'table')!.text).toMatch(/^Marker turns: row 1-6 \(for \d\) gives turn 2, direction rear right$/);
  });
});
