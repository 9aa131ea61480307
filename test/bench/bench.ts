/**
 * `npm run bench`: where the time goes, as ratios measured in one run (the machines are shared
 * and noisy, so absolute times vary run to run; ratios to a baseline measured alongside are the
 * figures to quote). Not part of `npm test`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseScript } from '../../grammar/index.ts';
import { RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { collectSites } from '../../interpreter/check/sites.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { compileRuleset, type Program } from '../../interpreter/compile/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';

/** Median milliseconds of `runs` timed calls after one warm-up. */
function time(run: () => void, runs = 7): number {
  run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    run();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const rulesets = readdirSync('rulesets').map((d) => join('rulesets', d)).filter((d) => { try { return readFileSync(join(d, 'ruleset.yaml')).length > 0; } catch { return false; } });
const yamlFiles = rulesets.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.yaml')).map((f) => join(d, f)));
const rows: Array<[string, number, string]> = [];

const yamlMs = time(() => { for (const f of yamlFiles) parseYaml(readFileSync(f, 'utf8')); });
rows.push(['baseline: yaml.parse of every ruleset file', yamlMs, '1.0×']);
const validateMs = time(() => { for (const d of rulesets) { const l = loadRuleset(d, nodeHost); if (l.model) checkRuleset(l.model); } });
rows.push(['load + schema + check every ruleset', validateMs, `${(validateMs / yamlMs).toFixed(1)}× yaml.parse`]);

const programs: Program[] = [];
for (const d of rulesets) {
  try {
    const l = loadRuleset(d, nodeHost);
    if (l.model && !checkRuleset(l.model).some((x) => x.severity === 'error')) programs.push(compileRuleset(l.model));
    else console.log(`(skipping ${d}: it has errors)`);
  } catch (e) {
    console.log(`(skipping ${d}: ${(e as Error).message})`);
  }
}
const scripts = programs.flatMap((p) => collectSites(p.data).filter((s) => s.mode === 'script').map((s) => s.text));
const scriptChars = scripts.reduce((n, s) => n + s.length, 0);
if (scripts.length) {
  const parseMs = time(() => { for (const s of scripts) parseScript(s); });
  const jsonMs = time(() => { for (const s of scripts) JSON.parse(JSON.stringify({ s })); });
  rows.push([`parse ${scripts.length} shipped scripts (${scriptChars} chars)`, parseMs, `${(parseMs / Math.max(jsonMs, 0.001)).toFixed(0)}× JSON round-trip of the same text`]);
}

const duel = compileRuleset(loadRuleset('test/fixtures/runtime/duel', nodeHost).model!);
const compileMs = time(() => compileRuleset(duel.model));
const playMs = (program: Program, log: 'full' | 'none', games: number) => time(() => {
  for (let i = 0; i < games; i++) playWith(program, { seed: i }, new RandomAgent(i), { log });
}, 3) / games;
const duelNone = playMs(duel, 'none', 200);
const duelFull = playMs(duel, 'full', 200);
rows.push(['compile the test duel ruleset', compileMs, `${(compileMs / duelNone).toFixed(1)}× one game`]);
rows.push(['one duel game, no log', duelNone, '1.0×']);
rows.push(['one duel game, full log', duelFull, `${(duelFull / duelNone).toFixed(1)}× no log`]);

for (const program of programs) {
  const probe = Game.start(program, { seed: 1 });
  if (!(probe instanceof Game) || !program.data.flow) continue;
  const ms = playMs(program, 'none', 20);
  rows.push([`one ${String(program.data.id)} game (random agents), no log`, ms, `${(ms / duelNone).toFixed(0)}× a duel game`]);
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`rulesmith bench (${new Date().toISOString().slice(0, 10)}, node ${process.version}; median of runs)\n`);
for (const [name, ms, ratio] of rows) console.log(`${name.padEnd(width)}  ${ms.toFixed(2).padStart(9)} ms  ${ratio}`);
