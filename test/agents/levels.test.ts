import { describe, expect, test } from 'vitest';
import { agentFromSpec, FirstAgent, LEVELS, MctsAgent, RandomAgent } from '../../interpreter/agents/index.ts';
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

  test('simulate --agents should take levels per seat, and refuse an unknown one with exit 2', async () => {
    const ok = await runCli(['simulate', 'test/fixtures/runtime/nim', '--games', '6', '--agents', 'mcts:iterations=120,random', '--workers', '1']);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('first         6  100.0%');
    const bad = await runCli(['simulate', 'test/fixtures/runtime/nim', '--agents', 'genius']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown agent 'genius'");
  });
});
