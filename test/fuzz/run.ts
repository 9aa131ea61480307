/**
 * `npm run fuzz -- --runs N [--seed S] [--only mutants|script|yaml] [--decisions D] [--path P]`:
 * the long fuzz run. Feeds N inputs (arbitrary rules text to the parser, arbitrary YAML to the
 * loader, mutations of the shipped rulesets through load, check and a few random decisions of
 * play) and prints how each ended, every crash with the seed and path that reproduce it, the
 * slowest input against the one-second bound, and the mutants that check clean but stop at run
 * time with an error the checker could have found. `--path P` (with the same seed) replays one
 * input and prints it in full. Exit 1 on any crash.
 */
import fc from 'fast-check';
import { mutation, rulesText, yamlText } from './arbitraries.ts';
import { filesOf } from './corpus.ts';
import { applyMutation, type Mutation } from './mutate.ts';
import { parseVerdict, runRuleset, type Outcome } from './pipeline.ts';
import { emptyTally, printTally, record, type Tally } from './tally.ts';

type Input = { family: 'mutant'; mutation: Mutation } | { family: 'script'; text: string } | { family: 'yaml'; text: string };

interface Args {
  runs: number;
  seed: number;
  path?: string;
  only?: Input['family'];
  decisions: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 1000, seed: Math.floor(Math.random() * 2 ** 31), decisions: 100 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const number = (): number => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) usage(`${flag} needs a whole number, not ${value}`);
      i++;
      return n;
    };
    if (flag === '--runs') args.runs = number();
    else if (flag === '--seed') args.seed = number();
    else if (flag === '--decisions') args.decisions = number();
    else if (flag === '--path' && value) (args.path = value), i++;
    else if (flag === '--only' && (value === 'mutants' || value === 'script' || value === 'yaml')) (args.only = value === 'mutants' ? 'mutant' : value), i++;
    else usage(`unknown argument ${flag}`);
  }
  return args;
}

function usage(problem: string): never {
  console.error(`${problem}\nusage: npm run fuzz -- --runs N [--seed S] [--only mutants|script|yaml] [--decisions D] [--path P]`);
  process.exit(2);
}

function inputs(only: Args['only']): fc.Arbitrary<Input> {
  const families: Record<Input['family'], fc.Arbitrary<Input>> = {
    mutant: mutation().map((m) => ({ family: 'mutant' as const, mutation: m })),
    script: rulesText.map((text) => ({ family: 'script' as const, text })),
    yaml: yamlText.map((text) => ({ family: 'yaml' as const, text })),
  };
  return only ? families[only] : fc.oneof(families.mutant, families.script, families.yaml);
}

/** One input through rulesmith; `change` says what a mutant changed. */
function runOne(input: Input, args: Args): { outcome: Outcome; change?: string } {
  if (input.family === 'script') {
    const { clean, crash } = parseVerdict(input.text);
    return { outcome: crash ? { verdict: 'crash', codes: [], crash, checkerMiss: false } : { verdict: clean ? 'parsed' : 'diagnostics', codes: [], checkerMiss: false } };
  }
  if (input.family === 'yaml') return { outcome: runRuleset({ 'fuzz/ruleset.yaml': input.text }, 'fuzz/ruleset.yaml', { decisions: args.decisions, seed: args.seed }) };
  const mutant = applyMutation(input.mutation);
  if (!mutant) return { outcome: { verdict: 'diagnostics', codes: ['unchanged'], checkerMiss: false } };
  const outcome = runRuleset(filesOf(mutant.ruleset, mutant), mutant.ruleset.entry, { decisions: args.decisions, seed: args.seed });
  return { outcome, change: mutant.change };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const tally: Tally = emptyTally();
  let index = args.path ? Number(args.path.split(':')[0]) : 0;
  const started = performance.now();
  const property = fc.property(inputs(args.only), (input) => {
    // CPU time of this process, not wall-clock: on a shared machine the clock measures the load.
    const t0 = process.cpuUsage();
    const { outcome, change } = runOne(input, args);
    const used = process.cpuUsage(t0);
    const ms = (used.user + used.system) / 1000;
    const path = String(index++);
    if (args.path) console.log(JSON.stringify({ input, change, outcome, ms: Math.round(ms) }, null, 2));
    record(tally, { family: input.family, outcome, ms, path, change });
    if (!args.path && index % 500 === 0) process.stderr.write(`… ${index} inputs, ${tally.crashes.length} crashes, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    return true;
  });
  fc.check(property, { seed: args.seed, numRuns: args.path ? 1 : args.runs, ...(args.path ? { path: args.path } : {}) });
  const replay = `npm run fuzz -- --seed ${args.seed}${args.only ? ` --only ${args.only === 'mutant' ? 'mutants' : args.only}` : ''} --decisions ${args.decisions}`;
  printTally(tally, { seed: args.seed, seconds: (performance.now() - started) / 1000, decisions: args.decisions, replay });
  process.exitCode = tally.crashes.length ? 1 : 0;
}

main();
