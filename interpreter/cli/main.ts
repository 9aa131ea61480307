import type { Io } from './io.ts';
import { packageVersion } from './version.ts';

const USAGE = `rulesmith — board- and war-game rules as data

Usage: rulesmith <command> [options]

Commands:
  init <folder> [--name NAME] [--template NAME|list]          a new game to build on: a small, complete ruleset
  validate [paths…] [--format text|json|github|sarif] …      check rulesets
  options <ruleset> [--json]                                  a ruleset's options: types, defaults, choices
  simulate <ruleset> [--games N] [--seed S] [--players N] …   play many games with bots, summarise
  play <ruleset> [--seed S] [--players N] [--bots p2=normal]  play in the terminal
  tournament <ruleset> --agents A,B [--games N]               agents against each other, seats rotated
  replay <replay.json>                                        re-run a recorded game and verify it
  odds <ruleset> <expression | table | deck | question id>    exact probabilities of a roll or a draw
  diff <ruleset-a> <ruleset-b> [--odds] [--simulate N]        what a variant changes, its odds and results
  merge <shard.json>… [--json] [--report F]                   the result of a run split with --shard i/n
  profile <ruleset> [--games N] [--agents A]                  where the rules spend their time
  lsp                                                         a Language Server on stdio for editors

Run 'rulesmith <command> --help' for a command's options; 'rulesmith --version' prints the version.`;

type Command = (argv: string[], io: Io) => number | Promise<number>;

// Each command's module is loaded when it runs, so `--help` and `--version` load none of the
// interpreter (start-up time of every run, and of the package's bin, stays small).
const COMMANDS: Record<string, () => Promise<Command>> = {
  init: async () => (await import('./init.ts')).runInit,
  validate: async () => (await import('./validate.ts')).runValidate,
  options: async () => (await import('./options.ts')).runOptions,
  simulate: async () => {
    const { runSimulate } = await import('./simulate.ts');
    return (argv, io) => runSimulate(argv, io, io.progress);
  },
  play: async () => (await import('./play.ts')).runPlay,
  tournament: async () => (await import('./tournament.ts')).runTournament,
  replay: async () => (await import('./replay.ts')).runReplay,
  odds: async () => (await import('./odds.ts')).runOdds,
  diff: async () => {
    const { runDiff } = await import('./diff.ts');
    return (argv, io) => runDiff(argv, io, io.progress);
  },
  merge: async () => (await import('./merge.ts')).runMerge,
  profile: async () => (await import('./profile.ts')).runProfile,
  lsp: async () => (await import('./lsp.ts')).runLsp,
};

/** Entry point of the CLI; returns the exit code. Never throws on user input. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    io.out(`${packageVersion()}\n`);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) {
    io.err(`rulesmith: unknown command '${command}'\n\n${USAGE}\n`);
    return 2;
  }
  try {
    const run = await load();
    return await run(rest, io);
  } catch (e) {
    // A bug of ours, not the user's input: say so plainly, without a stack trace by default.
    io.err(`rulesmith: internal error: ${(e as Error).message}\nPlease report it; set RULESMITH_DEBUG=1 for details.\n`);
    if (process.env.RULESMITH_DEBUG) io.err(`${(e as Error).stack}\n`);
    return 2;
  }
}
