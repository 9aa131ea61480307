/**
 * The action menu's first option lists, reused for the chosen action's first question when the
 * host promised to change nothing (`hostReadsOnly`, set by playWith) and the menu is pure
 * (compile/purity.ts): the game must be the same as computing them again, step for step, and a
 * host that reaches the state through the Game in between must be seen.
 */
import { describe, expect, test } from 'vitest';
import { RandomAgent } from '../../interpreter/agents/index.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import { loadProgram, startGame } from '../helpers/ruleset.ts';

const SKIRMISH = 'test/bench/skirmish';

/**
 * Everything a game shows at a question, and the work it did to get there. Reaching `game.rt`
 * bumps its host epoch, which drops kept lists; this test only reads, so it puts the epoch back.
 */
function snapshot(g: Game): string {
  const rt = g.rt;
  rt.hostEpoch--;
  return JSON.stringify([g.pending?.prompt, g.pending?.options, g.pending?.labels, g.status, g.result, rt.steps, rt.at, rt.state]);
}

describe('reusing the action menu\'s option lists', () => {
  test('the skirmish ruleset should have a pure menu: its lists and the procedures they call only read', () => {
    const program = loadProgram(SKIRMISH);
    for (const site of ['actions.advance.params.unit', 'actions.attack.params.unit', 'actions.attack.params.target']) expect(program.scripts.get(site)?.pure, site).toBe(true);
    expect(program.procedures.get('targets')?.pure).toBe(true);
    // It removes pieces and changes tracks.
    expect(program.procedures.get('fight')?.pure).toBeFalsy();
    expect(program.scripts.get('actions.attack.do')?.pure).toBeFalsy();
  });

  test('should play the same games, with the same steps at every question, as computing the lists again', () => {
    const program = loadProgram(SKIRMISH);
    let questions = 0;
    let kept = 0;
    for (let seed = 0; seed < 40; seed++) {
      const games = [startGame(program, { seed }, { log: 'none' }), startGame(program, { seed }, { log: 'none', hostReadsOnly: true })];
      const agent = new RandomAgent(seed);
      while (games[0]!.pending) {
        const answer = agent.choose(games[0]!.pending);
        for (const g of games) g.answer(answer);
        expect(snapshot(games[1]!)).toBe(snapshot(games[0]!));
        questions++;
        const rt = games[1]!.rt;
        rt.hostEpoch--;
        if (rt.menuLists !== null) kept++;
      }
    }
    expect(questions).toBeGreaterThan(500);
    // Lists were kept at most menus (not at those where the game ended).
    expect(kept).toBeGreaterThan(questions / 4);
  });

  test('a host that changes the state through the Game while the menu waits should be seen by the next question', () => {
    const program = loadProgram(SKIRMISH);
    const game = startGame(program, { seed: 3 }, { log: 'none', hostReadsOnly: true });
    // Answer until the menu offers Advance (the first option) for red.
    const agent = new RandomAgent(3);
    while (game.pending && !(game.pending.prompt.startsWith('Choose an action') && game.pending.options[0] === 'advance')) game.answer(agent.choose(game.pending));
    expect(game.pending?.options[0]).toBe('advance');
    const side = game.state.active.side;
    const own = Object.keys(game.state.pieces).filter((id) => game.state.pieces[id]!.at !== null && game.state.pieces[id]!.at !== '@out' && program.defs.pieceTypes.get(game.state.pieces[id]!.type)?.side?.id === side);
    expect(own.length).toBeGreaterThan(1);
    // Take every unit but one off the map: Advance must then offer only that one.
    for (const id of own.slice(1)) game.state.pieces[id]!.at = '@out';
    game.answer(0);
    expect(game.pending?.options.map(String)).toEqual([own[0]]);
  });

  test('purity should follow procedure calls and refuse writes, dice, logs and recursion', () => {
    const text = [
      'rulesmith: 1',
      'id: purity',
      'name: Purity',
      'players: { min: 1, max: 1 }',
      'sides: { a: { name: A } }',
      'variables: { seen: { type: number, initial: 0 } }',
      'procedures:',
      '  reads: { do: "return seen + 1" }',
      '  calls_reads: { do: "return reads() * 2" }',
      '  local_only:',
      '    params: [n]',
      '    do: |',
      '      let t = 0',
      '      for each i in 1..n do',
      '        t += i',
      '      end',
      '      return t',
      '  writes:',
      '    do: |',
      '      seen = 2',
      '      return 1',
      '  calls_writes: { do: "return writes()" }',
      '  rolls: { do: "return 1d6" }',
      '  logs:',
      '    do: |',
      '      log "hello"',
      '      return 1',
      '  shuffles: { do: "return shuffled([1, 2])" }',
      '  loops: { params: [n], do: "return if n > 0 then loops(n - 1) else 0" }',
      'flow: { rounds: { count: 1 }, phases: [ { id: p, do: "seen = calls_reads() + local_only(3)" } ] }',
      'victory: { do: "end game with { winner: none }" }',
    ].join('\n');
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const procs = compileRuleset(loaded.model!).procedures;
    const pure = [...procs].filter(([, s]) => s.pure).map(([id]) => id).sort();
    expect(pure).toEqual(['calls_reads', 'local_only', 'reads']);
  });

  test('a menu whose list calls a procedure that writes state should not be reused (it runs again, as written)', () => {
    const text = [
      'rulesmith: 1',
      'id: impure_menu',
      'name: Impure menu',
      'players: { min: 1, max: 1 }',
      'sides: { a: { name: A } }',
      'variables: { asked: { type: number, initial: 0 } }',
      'procedures:',
      '  options:',
      '    do: |',
      '      asked += 1',
      '      return [asked, asked + 1]',
      'flow:',
      '  rounds: { count: 1 }',
      '  phases: [ { id: p, by: a, actions: { points: 1, allowed: [pick] } } ]',
      'actions:',
      '  pick:',
      '    name: Pick',
      '    params: { n: options() }',
      '    do: asked += 0',
      'victory: { do: "end game with { winner: none, asked: asked }" }',
    ].join('\n');
    const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
    expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const program = compileRuleset(loaded.model!);
    expect(program.scripts.get('actions.pick.params.n')?.pure).toBeFalsy();
    const game = startGame(program, { seed: 1 }, { log: 'none', hostReadsOnly: true });
    game.answer(0);
    // The menu's check ran the procedure once, the question again: it offers the second run's list.
    expect(game.pending?.options).toEqual([2, 3]);
    game.answer(0);
    expect(game.result).toMatchObject({ asked: 2 });
  });
});
