import { runDiff } from './diff.ts';
import type { Io } from './io.ts';
import { runLsp } from './lsp.ts';
import { runOdds } from './odds.ts';
import { runPlay } from './play.ts';
import { runReplay } from './replay.ts';
import { runSimulate } from './simulate.ts';
import { runTournament } from './tournament.ts';
import { runValidate } from './validate.ts';

const USAGE = `rulesmith — board- and war-game rules as data

Usage: rulesmith <command> [options]

Commands:
  validate [paths…] [--format text|json|github] [--strict]   check rulesets
  simulate <ruleset> [--games N] [--seed S] [--players N] …   play many games with bots, summarise
  play <ruleset> [--seed S] [--players N] [--bots p2=normal]  play in the terminal
  tournament <ruleset> --agents A,B [--games N]               agents against each other, seats rotated
  replay <replay.json>                                        re-run a recorded game and verify it
  odds <ruleset> <expression | table>                         exact probabilities of a roll
  diff <ruleset-a> <ruleset-b>                                what a variant changes, table by table
  lsp                                                         a Language Server on stdio for editors

Run 'rulesmith <command> --help' for a command's options.`;

const COMMANDS: Record<string, (argv: string[], io: Io) => number | Promise<number>> = {
  validate: runValidate,
  simulate: (argv, io) => runSimulate(argv, io, io.progress),
  play: runPlay,
  tournament: runTournament,
  replay: runReplay,
  odds: runOdds,
  diff: runDiff,
  lsp: runLsp,
};

/** Entry point of the CLI; returns the exit code. Never throws on user input. */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) {
    io.err(`rulesmith: unknown command '${command}'\n\n${USAGE}\n`);
    return 2;
  }
  try {
    return await run(rest, io);
  } catch (e) {
    // A bug of ours, not the user's input: say so plainly, without a stack trace by default.
    io.err(`rulesmith: internal error: ${(e as Error).message}\nPlease report it; set RULESMITH_DEBUG=1 for details.\n`);
    if (process.env.RULESMITH_DEBUG) io.err(`${(e as Error).stack}\n`);
    return 2;
  }
}
