/**
 * Which file of a `--cache` folder holds which ruleset's games, for keeping a long run's games in
 * `test/variants/evidence/<ruleset>.<rev>.<key>.jsonl` (docs/bots.md, *Running them over several
 * sessions*). A key hashes the engine that played the games, so run this from the checkout that
 * plays them (a worktree frozen at `<rev>`, with its `lib/` built), naming this file by its path:
 *
 *   cd /work/runs/<worktree> && npx tsx /path/to/rulesmith/test/variants/cache-keys.ts \
 *     /work/runs/<cache> rulesets/<game> rulesets/<game>/variants/<variant>.yaml [--seed variants] [--agents normal]
 *
 * It imports the current folder's `lib/`, not this checkout's code, so the keys are that engine's.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string', default: 'variants' }, agents: { type: 'string', default: 'normal' } } });
const [dir, ...paths] = positionals;
if (!dir || paths.length === 0) {
  process.stderr.write('Usage: npx tsx test/variants/cache-keys.ts <cache dir> <ruleset>… [--seed S] [--agents A]\n');
  process.exit(2);
}
const lib = (path: string) => import(pathToFileURL(join(process.cwd(), 'lib', path)).href);
const { loadRuleset, compileRuleset } = await lib('interpreter/index.js');
const { nodeHost } = await lib('interpreter/cli/node-host.js');
const { GameCache } = await lib('interpreter/cli/game-cache.js');
const files = new Set(readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => f.slice(0, -'.jsonl'.length)));
const cache = new GameCache(dir);
for (const path of paths) {
  const program = compileRuleset(loadRuleset(resolve(path), nodeHost).model);
  // `simulate`, `diff` and `variants:check` name the agents once or once a seat, players left to the rules.
  const agents = values.agents.split(',');
  const keys = [agents, [...agents, ...agents]].map((a) => cache.key(program, { path, seed: values.seed, agents: a, options: {} }) as string);
  const found = keys.filter((k) => files.has(k));
  process.stdout.write(`${path}: ${found.length ? found.map((k) => `${k}.jsonl`).join(', ') : `no file (looked for ${keys.join(', ')})`}\n`);
}
