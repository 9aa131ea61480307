/**
 * `npm run bench:load -- [--base REV] [--rounds N] [--json]`: the bench's "load + schema + check ÷
 * yaml.parse" per ruleset (load-cost.ts), and with `--base` the same for the loader and checker of
 * another commit, timed in the same alternating blocks in one process. An A/B of a change to
 * loading or checking then compares like with like on a noisy machine: both sides see the same
 * drift. Not part of `npm test`.
 *
 * The base's `grammar/` and `interpreter/` are exported with `git archive` into a temporary folder
 * that links to this checkout's node_modules, and imported from there under the same tsx as this
 * side; its files are read by this side's Node host, so only loading and checking differ.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { filesRead, LOAD_GOAL, parseFiles, REPEAT } from './load-cost.ts';
import { benchArgs, exportCommit } from './other-commit.ts';
import { alternate, fmtSpread, ratios, spread } from './timing.ts';

const { argv, option, json, rounds, baseRev } = benchArgs(7);

type LoadCheck = (dir: string) => void;
const here: LoadCheck = (dir) => {
  const l = loadRuleset(dir, nodeHost);
  if (l.model) checkRuleset(l.model);
};

/** The loader and checker of `rev`, and a function that removes its folder. */
async function baseAt(rev: string): Promise<{ run: LoadCheck; dispose: () => void }> {
  const { url, dispose } = exportCommit(rev, ['grammar', 'interpreter']);
  const load = (await import(url('interpreter/load/index.ts'))) as { loadRuleset: typeof loadRuleset };
  const check = (await import(url('interpreter/check/index.ts'))) as { checkRuleset: typeof checkRuleset };
  const run: LoadCheck = (d) => {
    const l = load.loadRuleset(d, nodeHost);
    if (l.model) check.checkRuleset(l.model);
  };
  return { run, dispose };
}

const rulesets = readdirSync('rulesets').map((d) => join('rulesets', d)).filter((d) => { try { return readFileSync(join(d, 'ruleset.yaml')).length > 0; } catch { return false; } });
const base = baseRev ? await baseAt(baseRev) : undefined;
try {
  const sides: Array<{ name: string; run: LoadCheck }> = [{ name: 'this', run: here }, ...(base ? [{ name: `base ${baseRev}`, run: base.run }] : [])];
  const files = rulesets.map(filesRead);
  const ms = alternate(
    rulesets.flatMap((dir, i) => [
      { name: `yaml ${dir}`, block: () => parseFiles(files[i]!) },
      ...sides.map((s) => ({ name: `${s.name} ${dir}`, block: () => { for (let k = 0; k < REPEAT; k++) s.run(dir); } })),
    ]),
    rounds,
  ).map((xs) => xs.map((x) => x / REPEAT));
  const per = sides.length + 1;
  const rows = rulesets.map((dir, i) => {
    const yaml = ms[per * i]!;
    const of = (k: number) => ms[per * i + 1 + k]!;
    return {
      ruleset: dir,
      yamlMs: spread(yaml).median,
      sides: sides.map((s, k) => ({ side: s.name, ms: spread(of(k)).median, ratio: spread(ratios(of(k), yaml)) })),
      thisOverBase: base ? spread(ratios(of(0), of(1))) : undefined,
    };
  });
  if (json) console.log(JSON.stringify({ rounds, goal: LOAD_GOAL, rows }, null, 2));
  else {
    console.log(`load + schema + check ÷ yaml.parse of the same files (${rounds} rounds of alternating blocks; median (min–max)), goal ≤ ${LOAD_GOAL}×:`);
    for (const r of rows) {
      const cells = r.sides.map((s) => `${s.side}: ${s.ms.toFixed(1)} ms = ${fmtSpread(s.ratio, '×')}`);
      console.log(`  ${r.ruleset.padEnd(28)} yaml ${r.yamlMs.toFixed(1).padStart(5)} ms; ${cells.join('; ')}${r.thisOverBase ? `; this ÷ base ${fmtSpread(r.thisOverBase, '×')}` : ''}`);
    }
  }
} finally {
  base?.dispose();
}
