/**
 * The Simulate view's Download report (editor/simulate/report.ts): the CLI's report of the same
 * games, with the command that plays them.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { sideNames, summarise } from '../../interpreter/index.ts';
import { compileEntry } from '../../editor/play/compile.ts';
import { simulateCommand, simulationReport, type ReportRun } from '../../editor/simulate/report.ts';
import { playGames, type SimulationPlan } from '../../editor/simulate/sim-games.ts';
import { runCli } from '../cli/run-cli.ts';
import { shippedGame } from './helpers.ts';

const BASE = 'rulesets/dragut/ruleset.yaml';
const VARIANT = 'rulesets/dragut/variants/alarm-track-alternative.yaml';

/** A run as the simulation controller holds it once its games are played. */
function run(entry: string, plan: SimulationPlan, games: number): ReportRun & { records: unknown[] } {
  const compiled = compileEntry(shippedGame('dragut'), entry);
  if (!compiled.ok) throw new Error(compiled.message);
  const records = playGames(compiled.program, plan, 1, games);
  if ('problems' in records) throw new Error(records.problems.join());
  return { entry, label: entry, hash: compiled.program.hash, records, summary: summarise(records, compiled.program), sides: sideNames(compiled.program.data) };
}

describe("the Simulate view's report", () => {
  test('the command should say the seed, bots, players and options, quoting what a shell would split', () => {
    expect(simulateCommand([BASE, VARIANT], { seed: '7', options: { alarm: 'two words', fast: true }, agents: ['normal', 'random'], players: 2 }, 50)).toBe(
      `npx rulesmith simulate ${BASE} --compare ${VARIANT} --games 50 --seed 7 --agents normal,random --players 2 --option 'alarm=two words' --option fast=true`,
    );
    expect(simulateCommand([BASE], { seed: 'a b', options: {} }, 5)).toBe(`npx rulesmith simulate ${BASE} --games 5 --seed 'a b'`);
  });

  test("a variant against its base should be the report the CLI writes for the command it shows", async () => {
    const plan: SimulationPlan = { seed: 'R', options: {}, agents: ['random', 'random'], players: 2, facts: true };
    const report = simulationReport([run(VARIANT, plan, 12), run(BASE, plan, 12)], plan, 12)!;
    expect(report.fileName).toBe('alarm-track-alternative-report.html');
    const command = /Made by <code>([^<]*)<\/code>/.exec(report.html)![1]!;
    expect(command).toBe(`npx rulesmith simulate ${BASE} --compare ${VARIANT} --games 12 --seed R --agents random,random --players 2`);
    const file = join(mkdtempSync(join(tmpdir(), 'rulesmith-sim-report-')), 'cli.html');
    const cli = await runCli([...command.split(' ').slice(2), '--workers', '1', '--report', file]);
    expect(cli.code, cli.err).toBe(0);
    // From the simulation section on, the same bytes: the same games, compared the same way.
    const section = (html: string) => html.slice(html.indexOf('<h2 id="simulation">'));
    expect(section(report.html)).toBe(section(readFileSync(file, 'utf8')));
    expect(report.html).toContain('<p class="verdict"');
    // Sides by name, as the ruleset calls them, in the tables and the charts alike.
    expect(report.html).toContain('<tr><td>Pirates</td>');
    expect(report.html).not.toContain('<td>pirates</td>');
  }, 60_000);

  test('a run cancelled early should say how many games it has; a single run is a summary', () => {
    const plan: SimulationPlan = { seed: 'C', options: {}, facts: true };
    const variant = run(VARIANT, plan, 5);
    const base = run(BASE, plan, 5);
    base.records[4] = undefined;
    const report = simulationReport([variant, base], plan, 20)!;
    expect(report.html).toMatch(/<h1>[^<]* \(4 of 20 games, cancelled\)<\/h1>/);
    const alone = simulationReport([run(BASE, { seed: 'C', options: {} }, 3)], { seed: 'C', options: {} }, 3)!;
    expect(alone.fileName).toBe('ruleset-simulation.html');
    expect(alone.html).toContain('3 games, 3 ended');
    expect(simulationReport([], plan, 3)).toBeUndefined();
  });
});
