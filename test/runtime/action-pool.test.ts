/**
 * `actions.pool`: action points that live in a track or variable. Read before every menu (so what
 * an action's `do` spends shows in the next prompt), costs taken from it before the action runs.
 * And `actions.pass` as a condition, asked before every menu.
 */
import { describe, expect, test } from 'vitest';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game, type SavedGame } from '../../interpreter/runtime/index.ts';
import { programFromText, startGame } from '../helpers/ruleset.ts';

const ruleset = (actions: string, extra = '') => `
rulesmith: 1
id: pool
name: Pool
players: { min: 2, max: 2 }
sides:
  red: { players: { min: 1, max: 1 } }
  blue: { players: { min: 1, max: 1 } }
tracks:
  ap: { initial: 0, per: side, min: 0, max: 20 }
variables:
  spent_seen: { type: list, initial: [] }
  cash: { type: number, initial: 7, per: player }
${extra}
actions:
  step:
    cost: 1
    do: spent_seen = append(spent_seen, side.ap)
  sprint:
    cost: 0
    when: side.ap > 0
    params:
      n: 1..side.ap
    do: |
      side.ap -= n
      spent_seen = append(spent_seen, side.ap)
  buy:
    cost: 3
    do: spent_seen = append(spent_seen, player.cash)
  hop:
    cost: n * 2
    params:
      n: 1..3
    do: spent_seen = append(spent_seen, n)
  leap:
    cost: a + b
    params:
      a: "[3, 1]"
      b: "[1, 2]"
    do: spent_seen = append(spent_seen, a * 10 + b)
flow:
  rounds: { count: 1 }
  phases:
    - id: act
      by: each side
      do: side.ap = 4
      actions: ${actions}
victory:
  do: "end game with { winner: players[1] }"
`;

const pick = (g: Game, label: string) => {
  const i = g.pending!.labels.indexOf(label);
  expect(i, `${label} in ${g.pending!.labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(g.answer(i)).toEqual({ ok: true });
};

const diagnosticsOf = (text: string) => {
  const loaded = loadRuleset('r.yaml', createMemoryHost({ 'r.yaml': text }));
  return [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])];
};

describe('an action phase with a pool', () => {
  const program = () => programFromText(ruleset('{ pool: side.ap, allowed: [step, sprint], pass: true }'));

  test('the menu reads the pool each time: what a do spends shows in the next prompt', () => {
    const g = startGame(program(), { seed: 1, players: 2 });
    expect(g.pending!.prompt).toBe('Choose an action (4 ap left)');
    pick(g, 'sprint');
    pick(g, '2');
    expect(g.pending!.prompt).toBe('Choose an action (2 ap left)');
  });

  test("the question counts in the pool's own name: a track's `name`, else its key; one of them singular", () => {
    const named = programFromText(ruleset('{ pool: side.ap, allowed: [step, sprint], pass: true }').replace('ap: { initial: 0,', 'ap: { name: Command Points, initial: 0,'));
    const g = startGame(named, { seed: 1, players: 2 });
    expect(g.pending!.prompt).toBe('Choose an action (4 Command Points left)');
    pick(g, 'sprint');
    pick(g, '3');
    expect(g.pending!.prompt).toBe('Choose an action (1 Command Point left)');
    // `points:` keeps the engine's word.
    const counted = startGame(programFromText(ruleset('{ points: 1, allowed: [step], pass: true }')), { seed: 1, players: 2 });
    expect(counted.pending!.prompt).toBe('Choose an action (1 point left)');
  });

  test('a cost is taken from the pool before the action runs, and an action costing more than is left is not offered', () => {
    const g = startGame(program(), { seed: 1, players: 2 });
    pick(g, 'step');
    expect(g.state.vars.spent_seen).toEqual([3]);
    expect(g.pending!.prompt).toBe('Choose an action (3 ap left)');
    pick(g, 'sprint');
    pick(g, '3');
    // Nothing red can pay for is left, so its turn ends; blue's own pool.
    expect(g.state.tracks.ap).toEqual({ red: 0, blue: 4 });
    expect(g.pending!.player).toBe('p2');
    expect(g.pending!.prompt).toBe('Choose an action (4 ap left)');
  });

  test('a game saved in the middle of a pooled phase resumes', () => {
    const g = startGame(program(), { seed: 1, players: 2 });
    pick(g, 'step');
    const saved = JSON.parse(JSON.stringify(g.save())) as SavedGame;
    const resumed = Game.fromState(program(), saved);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    for (const x of [g, resumed]) { pick(x, 'step'); pick(x, 'Pass'); }
    expect(resumed.state).toEqual(g.state);
    expect(resumed.pending!.prompt).toBe('Choose an action (4 ap left)');
  });

  test('a per-player variable can be the pool', () => {
    const g = startGame(programFromText(ruleset('{ pool: player.cash, allowed: [buy], pass: true }').replace('by: each side', 'by: each player')), { seed: 1, players: 2 });
    expect(g.pending!.prompt).toBe('Choose an action (7 cash left)');
    pick(g, 'buy');
    pick(g, 'buy');
    expect(g.state.vars.spent_seen).toEqual([4, 1]);
    expect(g.state.vars.cash).toEqual({ p1: 1, p2: 7 });
    // 1 left cannot pay for another: p2's turn.
    expect(g.pending!.player).toBe('p2');
    expect(g.pending!.prompt).toBe('Choose an action (7 cash left)');
  });

  test('a variable that holds none stops the game at the pool, not a count of NaN points', () => {
    const text = ruleset('{ pool: left, allowed: [step], pass: true }').replace('  spent_seen:', '  left: { type: number, initial: null }\n  spent_seen:');
    const g = startGame(programFromText(text), { seed: 1, players: 2 });
    expect(g.status).toBe('error');
    expect(g.error).toMatchObject({ code: 'pool-not-number', range: { start: { line: text.split('\n').findIndex((l) => l.includes('pool:')) + 1 } } });
    expect(g.error?.hint).toMatch(/initial/);
  });
});

describe('a condition for passing', () => {
  test('Pass is offered only while the condition holds, asked again before every menu', () => {
    const g = startGame(programFromText(ruleset('{ pool: side.ap, allowed: [step], pass: "size(spent_seen) > 0" }')), { seed: 1, players: 2 });
    expect(g.pending!.labels).toEqual(['step']);
    pick(g, 'step');
    expect(g.pending!.labels).toEqual(['step', 'Pass']);
    pick(g, 'Pass');
    expect(g.pending!.player).toBe('p2');
  });

  test('pass: false never offers Pass; the phase ends when nothing is legal', () => {
    const g = startGame(programFromText(ruleset('{ points: 2, allowed: [step], pass: false }')), { seed: 1, players: 2 });
    expect(g.pending!.labels).toEqual(['step']);
    pick(g, 'step');
    pick(g, 'step');
    expect(g.pending!.player).toBe('p2');
  });

  test('points left with nothing legal ends the turn with a line that says so; spent points end it quietly', () => {
    // A worker-placement walk: a player with no free space was skipped with no word in the log.
    // `buy` costs 3: with 1 point, nothing is legal.
    const g = startGame(programFromText(ruleset('{ points: 1, allowed: [buy], pass: false }')), { seed: 1, players: 2 }, { log: 'full' });
    expect(g.pending).toBeNull();
    const lines = g.log.map((e) => e.text);
    expect(lines, lines.join('\n')).toContain('red: no action can be taken (1 point left)');
    const spent = startGame(programFromText(ruleset('{ points: 2, allowed: [step], pass: false }')), { seed: 1, players: 2 }, { log: 'full' });
    pick(spent, 'step');
    pick(spent, 'step');
    expect(spent.log.map((e) => e.text).filter((t) => t.includes('no action can be taken'))).toEqual([]);
  });

  test('a condition that does not parse or names nothing is a positioned diagnostic', () => {
    const text = ruleset('{ points: 2, allowed: [step], pass: "acted_already" }');
    const [d] = diagnosticsOf(text).filter((x) => x.severity === 'error');
    expect(d).toMatchObject({ code: 'unknown-name', range: { start: { line: text.split('\n').findIndex((l) => l.includes('pass:')) + 1 } } });
  });
});

describe('a cost that reads the choices', () => {
  test('is worked out once they are made, and the last choice offers only what the points left pay for', () => {
    const g = startGame(programFromText(ruleset('{ pool: side.ap, allowed: [hop], pass: true }')), { seed: 1, players: 2 });
    pick(g, 'hop');
    expect(g.pending!.labels).toEqual(['1', '2']);
    pick(g, '2');
    expect(g.state.vars.spent_seen).toEqual([2]);
    expect(g.state.tracks.ap).toEqual({ red: 0, blue: 4 });
  });

  test('with points counted from the phase\'s start too', () => {
    const g = startGame(programFromText(ruleset('{ points: 3, allowed: [hop, leap], pass: true }')), { seed: 1, players: 2 });
    pick(g, 'hop');
    expect(g.pending!.labels).toEqual(['1']);
    pick(g, '1');
    // 1 point left pays for neither: blue's turn, with its own 3.
    expect(g.pending!.player).toBe('p2');
    expect(g.pending!.prompt).toBe('Choose an action (3 points left)');
  });

  test('every choice offers only options that lead to an affordable set, and the menu only actions that have one', () => {
    const g = startGame(programFromText(ruleset('{ points: 3, allowed: [leap, step], pass: true }')), { seed: 1, players: 2 });
    pick(g, 'leap');
    expect(g.pending!.labels).toEqual(['1']);
    pick(g, '1');
    expect(g.pending!.labels).toEqual(['1', '2']);
    pick(g, '1');
    // 1 point left: leap costs 2 at least, step 1.
    expect(g.pending!.labels).toEqual(['step', 'Pass']);
  });

  test('with a list that acts (rolls dice), an earlier choice that leaves nothing to pay for stops the game, positioned, with a hint', () => {
    const text = ruleset('{ points: 3, allowed: [leap], pass: true }').replace('a: "[3, 1]"', 'a: "[3, 1 + 0 * 1d6]"');
    const g = startGame(programFromText(text), { seed: 1, players: 2 });
    pick(g, 'leap');
    expect(g.pending!.labels).toEqual(['3', '1']);
    pick(g, '3');
    expect(g.status).toBe('error');
    expect(g.error).toMatchObject({ code: 'no-options', message: 'Action `leap` has no choice for `b` that the 3 points left pay for.', range: { start: { line: text.split('\n').findIndex((l) => l.includes('b: "[1, 2]"')) + 1 } } });
    expect(g.error?.hint).toMatch(/when/);
  });

  test('a game saved between the choices resumes and pays the same', () => {
    const program = programFromText(ruleset('{ pool: side.ap, allowed: [leap], pass: true }'));
    const g = startGame(program, { seed: 1, players: 2 });
    pick(g, 'leap');
    pick(g, '1');
    const resumed = Game.fromState(program, JSON.parse(JSON.stringify(g.save())) as SavedGame);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    for (const x of [g, resumed]) pick(x, '2');
    expect(resumed.state).toEqual(g.state);
    expect(g.state.tracks.ap).toEqual({ red: 1, blue: 4 });
  });

  test('the checker knows the choices in a cost, and still reports unknown names', () => {
    const good = diagnosticsOf(ruleset('{ pool: side.ap, allowed: [hop, leap] }')).filter((d) => d.severity === 'error');
    expect(good).toEqual([]);
    const bad = diagnosticsOf(ruleset('{ pool: side.ap, allowed: [hop] }').replace('cost: n * 2', 'cost: m * 2')).filter((d) => d.severity === 'error');
    expect(bad.map((d) => d.code)).toEqual(['unknown-name']);
  });
});

describe('checking a pool', () => {
  const codes = (actions: string) => diagnosticsOf(ruleset(actions)).filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column}`);

  test('neither points nor pool', () => {
    expect(codes('{ allowed: [step], pass: true }')).toEqual([expect.stringMatching(/^missing-points \d+:\d+$/)]);
  });

  test('both points and pool', () => {
    expect(codes('{ points: 2, pool: side.ap, allowed: [step] }')).toEqual([expect.stringMatching(/^points-and-pool \d+:\d+$/)]);
  });

  test('a computed value or a constant is not a place', () => {
    expect(codes('{ pool: side.ap + 1, allowed: [step] }')).toEqual([expect.stringMatching(/^pool-not-a-variable \d+:\d+$/)]);
    expect(codes('{ pool: 3, allowed: [step] }')).toEqual([expect.stringMatching(/^pool-not-a-variable \d+:\d+$/)]);
  });

  test('what an assignment could not change, a pool cannot name', () => {
    const found = diagnosticsOf(ruleset('{ pool: side.name, allowed: [step] }')).filter((d) => d.severity === 'error');
    expect(found.map((d) => d.code)).toEqual(['not-assignable']);
    expect(found[0]!.hint).toBeTruthy();
  });

  test('a pool of something other than a number', () => {
    const found = diagnosticsOf(ruleset('{ pool: spent_seen, allowed: [step] }')).filter((d) => d.severity === 'error');
    expect(found.map((d) => d.code)).toEqual(['type-mismatch']);
  });

  test('every diagnostic is positioned on the pool line, with a hint', () => {
    const text = ruleset('{ pool: side.ap + 1, allowed: [step] }');
    const line = text.split('\n').findIndex((l) => l.includes('pool:')) + 1;
    const [d] = diagnosticsOf(text).filter((x) => x.severity === 'error');
    expect(d!.range.start.line).toBe(line);
    expect(d!.hint).toMatch(/points:/);
  });
});

describe("the menu's cost notes", () => {
  const menu = (actions: string, text = ruleset(actions)) => {
    const g = startGame(programFromText(text), { seed: 1, players: 2 });
    return { labels: g.pending!.labels, notes: g.pending!.notes, view: g.view(g.pending!.player).pending, g };
  };

  test('costs that differ are said beside each action, in the pool\'s unit; the labels stay the actions\' names', () => {
    const { labels, notes, view, g } = menu('{ pool: side.ap, allowed: [step, buy, hop, sprint], pass: true }');
    expect(labels).toEqual(['step', 'buy', 'hop', 'sprint', 'Pass']);
    // hop's cost reads its choices (unsaid); sprint's `cost: 0` pays in its `do`, so no "0 ap".
    expect(notes).toEqual(['1 ap', '3 ap', null, null, null]);
    // Public, in every seat's view, and kept by a saved game.
    expect(view!.notes).toEqual(notes);
    expect(g.view('p2').pending!.notes).toEqual(notes);
    const resumed = Game.fromState(programFromText(ruleset('{ pool: side.ap, allowed: [step, buy, hop, sprint], pass: true }')), JSON.parse(JSON.stringify(g.save())) as SavedGame);
    if (!(resumed instanceof Game)) throw new Error(JSON.stringify(resumed.problems));
    expect(resumed.pending!.notes).toEqual(notes);
  });

  test('nothing is said when every cost is 1, when all pay in their do (cost 0), or when points are unlimited', () => {
    expect(menu('{ points: 3, allowed: [step], pass: true }').notes).toBeUndefined();
    expect(menu('{ pool: side.ap, allowed: [sprint], pass: true }').notes).toBeUndefined();
    expect(menu('{ points: unlimited, allowed: [step, buy], pass: true }').notes).toBeUndefined();
    // Counted points, in the engine's word, singular for one.
    expect(menu('{ points: 5, allowed: [step, buy], pass: true }').notes).toEqual(['1 point', '3 points', null]);
  });
});
