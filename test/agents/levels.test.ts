import { describe, expect, test } from 'vitest';
import { agentFromSpec, FirstAgent, LEVELS, MctsAgent, RandomAgent, splitAgentSpecs } from '../../interpreter/agents/index.ts';
import { runCli } from '../cli/run-cli.ts';

describe('agents by name', () => {
  test('names, levels and mcts options should give the agents they say', () => {
    expect(agentFromSpec('random', 's')).toBeInstanceOf(RandomAgent);
    expect(agentFromSpec('first', 's')).toBeInstanceOf(FirstAgent);
    for (const level of Object.keys(LEVELS)) expect(agentFromSpec(level, 's')).toMatchObject({ name: level });
    expect(agentFromSpec('mcts:iterations=30,depth=50', 's')).toBeInstanceOf(MctsAgent);
  });

  test('unknown names and bad options should say what is accepted', () => {
    expect(agentFromSpec('genius', 's')).toMatchObject({ error: expect.stringContaining('normal') });
    expect(agentFromSpec('mcts:iterations=-3', 's')).toMatchObject({ error: expect.stringContaining('iterations=<positive number>') });
    expect(agentFromSpec('mcts:speed=2', 's')).toMatchObject({ error: expect.stringContaining("bad mcts option 'speed=2'") });
  });

  test('a list of specs keeps an mcts spec\'s own comma-separated options with it', () => {
    expect(splitAgentSpecs('normal,random')).toEqual(['normal', 'random']);
    expect(splitAgentSpecs('normal, random ,')).toEqual(['normal', 'random']);
    expect(splitAgentSpecs('mcts:iterations=500,depth=20,random')).toEqual(['mcts:iterations=500,depth=20', 'random']);
    expect(splitAgentSpecs('random,mcts:iterations=5,ms=50,c=1.4,mcts:depth=2')).toEqual(['random', 'mcts:iterations=5,ms=50,c=1.4', 'mcts:depth=2']);
    // --bots: seat=spec items, the same way.
    expect(splitAgentSpecs('p2=mcts:iterations=9,depth=3,p3=hard,p4')).toEqual(['p2=mcts:iterations=9,depth=3', 'p3=hard', 'p4']);
    // Not an mcts option, or no mcts spec before it: a spec of its own (which agentFromSpec refuses).
    expect(splitAgentSpecs('normal,depth=3')).toEqual(['normal', 'depth=3']);
    expect(splitAgentSpecs('mcts:iterations=5,speed=2')).toEqual(['mcts:iterations=5', 'speed=2']);
  });

  test('simulate and tournament --agents take an mcts spec with several options, as the docs write it', async () => {
    const sim = await runCli(['simulate', 'test/fixtures/runtime/nim', '--games', '2', '--agents', 'mcts:iterations=5,depth=3,random', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const tour = await runCli(['tournament', 'test/fixtures/runtime/nim', '--games', '2', '--agents', 'mcts:iterations=5,depth=3,random', '--json']);
    expect(tour.code, tour.err).toBe(0);
    expect(JSON.parse(tour.out).agents.map((a: { label: string }) => a.label)).toEqual(['mcts:iterations=5,depth=3', 'random']);
  });

  test('simulate --agents should take levels per seat, and refuse an unknown one with exit 2', async () => {
    const ok = await runCli(['simulate', 'test/fixtures/runtime/nim', '--games', '6', '--agents', 'mcts:iterations=120,random', '--workers', '1']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('First         6  100.0%');
    const bad = await runCli(['simulate', 'test/fixtures/runtime/nim', '--agents', 'genius']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown agent 'genius'");
  });
});
