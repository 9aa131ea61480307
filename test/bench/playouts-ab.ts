/**
 * `npm run bench:playouts -- [--base REV] [--rounds N] [--json]`: random playouts (no log) of the
 * skirmish and of every shipped ruleset, and with `--base` the same games played by the runtime of
 * another commit, every block of both sides alternating in one process. A change to the runtime is
 * then measured against its parent as the bench plays them, all rulesets in one process, so both
 * sides see the same drift and the same mix of code. Not part of `npm test`.
 *
 * The base's `grammar/` and `interpreter/` are exported with `git archive` into a temporary folder
 * linked to this checkout's node_modules and imported under the same tsx (as load-ab.ts does); each
 * side loads and compiles the rulesets itself. Before timing, a few seeds of each ruleset are
 * played by both sides and their final states compared: a speed change should not change a game.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as agents from '../../interpreter/agents/index.ts';
import * as compile from '../../interpreter/compile/index.ts';
import * as load from '../../interpreter/load/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { benchArgs, exportCommit } from './other-commit.ts';
import { alternate, fmtSpread, ratios, spread } from './timing.ts';

const { argv, option, json, rounds, baseRev } = benchArgs(12);
/** Seeds per ruleset whose games both sides must play alike. */
const SAME_SEEDS = 5;

interface Runtime {
  agents: typeof agents;
  compile: typeof compile;
  load: typeof load;
}

/** The runtime of `rev`, and a function that removes its folder. */
async function baseAt(rev: string): Promise<{ rt: Runtime; dispose: () => void }> {
  const { url, dispose } = exportCommit(rev, ['grammar', 'interpreter']);
  const rt: Runtime = {
    agents: (await import(url('interpreter/agents/index.ts'))) as typeof agents,
    compile: (await import(url('interpreter/compile/index.ts'))) as typeof compile,
    load: (await import(url('interpreter/load/index.ts'))) as typeof load,
  };
  return { rt, dispose };
}

const rulesets = ['test/bench/skirmish', ...readdirSync('rulesets').map((d) => join('rulesets', d)).filter((d) => { try { return readFileSync(join(d, 'ruleset.yaml')).length > 0; } catch { return false; } })];
/** Games per block, about a tenth of a second each. */
const GAMES: Record<string, number> = { 'test/bench/skirmish': 50, 'rulesets/blue-max': 16 };
const gamesOf = (dir: string): number => GAMES[dir] ?? 4;

type Play = (seed: number) => unknown;
function player(rt: Runtime, dir: string): Play {
  const program = rt.compile.compileRuleset(rt.load.loadRuleset(dir, nodeHost).model!);
  return (seed) => {
    const r = rt.agents.playWith(program, { seed }, new rt.agents.RandomAgent(seed), { log: 'none' });
    return 'game' in r ? [r.game.state, r.stopped ?? null] : r;
  };
}

const base = baseRev ? await baseAt(baseRev) : undefined;
try {
  const sides = [{ name: 'this', rt: { agents, compile, load } as Runtime }, ...(base ? [{ name: `base ${baseRev}`, rt: base.rt }] : [])];
  const plays = rulesets.map((dir) => sides.map((s) => player(s.rt, dir)));
  const different = rulesets.map((_, i) => {
    if (!base) return 0;
    let n = 0;
    for (let seed = 1; seed <= SAME_SEEDS; seed++) if (JSON.stringify(plays[i]![0]!(seed)) !== JSON.stringify(plays[i]![1]!(seed))) n++;
    return n;
  });
  const ms = alternate(
    rulesets.flatMap((dir, i) => sides.map((s, k) => ({
      name: `${s.name} ${dir}`,
      block: (r: number) => { for (let seed = r * gamesOf(dir); seed < (r + 1) * gamesOf(dir); seed++) plays[i]![k]!(seed); },
    }))),
    rounds,
  );
  const rows = rulesets.map((dir, i) => {
    const of = (k: number) => ms[sides.length * i + k]!.map((x) => x / gamesOf(dir));
    return {
      ruleset: dir,
      gamesPerBlock: gamesOf(dir),
      sides: sides.map((s, k) => ({ side: s.name, msPerGame: spread(of(k)).median })),
      // Base time ÷ this time: above 1 when this side is faster.
      speedUp: base ? spread(ratios(of(1), of(0))) : undefined,
      differentGames: base ? `${different[i]} of ${SAME_SEEDS}` : undefined,
    };
  });
  if (json) console.log(JSON.stringify({ rounds, base: baseRev ?? null, rows }, null, 2));
  else {
    console.log(`random playouts, no log, CPU ms per game (${rounds} rounds of alternating blocks; median (min–max)):`);
    for (const r of rows) {
      const cells = r.sides.map((s) => `${s.side} ${s.msPerGame.toFixed(3)} ms`);
      console.log(`  ${r.ruleset.padEnd(28)} ${cells.join('; ')}${r.speedUp ? `; this ÷ base ${fmtSpread(r.speedUp, '×')} faster; games differing ${r.differentGames}` : ''}`);
    }
  }
} finally {
  base?.dispose();
}
