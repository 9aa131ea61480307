import { writeFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseCli } from './args.ts';
import { MctsAgent, agentFromSpec, searchContext, splitAgentSpecs, type Agent } from '../agents/index.ts';
import { cardFace, flowName, Game, type ChoicePreview, type DecisionRequest, type GameView, type Program } from '../runtime/index.ts';
import type { Io } from './io.ts';
import { EntityRef } from '../runtime/values.ts';
import { parseOptions, programFor } from './load-program.ts';
import { gameDigest } from '../analysis/digest.ts';
import { replayFile } from '../analysis/replay-file.ts';
import { boardText, finalLines, lineText, newLines, readableIn, resultText, trackLines } from './play-text.ts';
import { mapText } from './play-map.ts';
import { carriedRules, readReplay, rulesFor, rulesetOnDisk } from './replay.ts';

export const PLAY_USAGE = `Usage: rulesmith play <ruleset> [--seed S] [--players N] [--option k=v…] [--bots p2[=level],…] [--save FILE] [--root DIR]
       rulesmith play [<ruleset>] --load FILE [--bots p2,…] [--save FILE]

Plays in the terminal. Each human seat sees its own view and numbered options; type the number
(several numbers separated by spaces, or 'none' where nothing may be chosen; a number for amounts). Also: 'board' (places with their
pieces, the cards you may see, and tracks), 'map' (every place with its terrain or type), 'log' ('log all' with the rules' bookkeeping: tables read without a roll), 'state'
(tracks), 'quit'. With every seat a bot (--bots p1=normal,p2=normal) the terminal watches the
game as a spectator sees it.
Works with piped input for scripted sessions. --save writes the game (finished or not) as a replay
that 'rulesmith replay' checks, also on Ctrl-C; --load goes on with a game saved that way, where it stopped (the
rules are the ruleset given, else the ones the file names or carries).`;

export async function runPlay(argv: string[], io: Io): Promise<number> {
  let args;
  try {
    args = parseCli({ args: argv, allowPositionals: true, options: { seed: { type: 'string', default: '1' }, players: { type: 'string' }, option: { type: 'string', multiple: true }, bots: { type: 'string', default: '' }, save: { type: 'string' }, load: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    io.err(`rulesmith play: ${(e as Error).message}\n\n${PLAY_USAGE}\n`);
    return 2;
  }
  if (args.values.help) { io.out(`${PLAY_USAGE}\n`); return 0; }
  const [given] = args.positionals;
  const started = args.values.load !== undefined ? loadGame(args.values.load, given, args.values.root, io) : newGame(given, args.values, io);
  if (typeof started === 'number') return started;
  const { game, program, path, carried = false } = started;
  const setup = game.setup;
  const bots = new Map<string, Agent>();
  const seats = game.state.players.map((p) => p.id);
  for (const item of splitAgentSpecs(args.values.bots)) {
    // `p2` (a random bot) or `p2=hard` (any agent spec).
    // Split at the first `=` only: an mcts spec has its own (`p2=mcts:iterations=500,depth=20`).
    const cut = item.indexOf('=');
    const [seat, spec] = cut < 0 ? [item, 'random'] : [item.slice(0, cut), item.slice(cut + 1)];
    if (!seats.includes(seat)) {
      // A bot for a seat the game does not have would leave the seat meant to a person.
      const example = `${seats[seats.length - 1]}=${cut < 0 && !('error' in agentFromSpec(seat, '')) ? seat : spec}`;
      io.err(`rulesmith play: --bots ${item}: this game has no seat '${seat}'; its seats are ${seats.join(', ')} (--players N for more), as in --bots ${example}\n`);
      return 2;
    }
    const agent = agentFromSpec(spec, `${setup.seed}:${seat}`);
    if ('error' in agent) { io.err(`rulesmith play: --bots ${item}: ${agent.error}\n`); return 2; }
    bots.set(seat, agent);
  }
  const save = (file: string) => {
    // The saved game carries its rules' files (as the editor's do), so it verifies and resumes
    // from any folder; rules carried in a loaded replay travel on as they came.
    const rules = carried ? { ruleset: path, files: undefined } : carriedRules(program, path);
    const replay = replayFile(rules.ruleset, program, setup, game.state.decisions, game.result, { game: game.save({ log: false }), digest: gameDigest(game), embed: carried });
    if (rules.files) replay.files = rules.files;
    writeFileSync(file, `${JSON.stringify(replay, null, 1)}\n`);
    io.out(`${game.status === 'waiting' ? 'Game' : 'Replay'} saved to ${file}${game.status === 'waiting' ? ` (go on with: rulesmith play --load ${file})` : ''}\n`);
  };
  // With --save, Ctrl-C saves the game as it stands (between two answers: a signal is heard only
  // between tasks) and ends the command, so a game is never lost to it.
  const file = args.values.save;
  const release = file !== undefined ? io.onInterrupt?.(() => { io.out('\nStopped before the end.\n'); save(file); }, { message: `saving the game to ${file}`, exit: true }) : undefined;
  try {
    return await playOn(game, bots, io, file === undefined ? undefined : () => save(file));
  } finally {
    release?.();
  }
}

/** Play until the end, a quit or the end of input; then say how it ended and save if asked. */
async function playOn(game: Game, bots: Map<string, Agent>, io: Io, save: (() => void) | undefined): Promise<number> {
  const lines = io.lines?.();
  const shown = new Map<string, number>();
  // What this terminal has printed, to any seat (newLines).
  const printed = new Map<number, string>();
  // Every seat a bot: the terminal watches as a spectator, reading the public view as it goes.
  const watching = game.state.players.every((p) => bots.has(p.id));
  let watched = 0;
  const watch = () => {
    const view = game.view(null);
    for (const line of newLines(game, view, watched, printed)) io.out(`${line}\n`);
    watched = view.log.length;
  };
  let quit = false;
  let ended = false;
  while (game.pending) {
    const req = game.pending;
    const bot = bots.get(req.player);
    if (bot) {
      // A search bot thinks for a second or more: a person sees that it does (on a terminal).
      const thinking = io.status && bot instanceof MctsAgent;
      if (thinking) io.status!(`  ${req.player} (${bot.name}) is thinking…`);
      const answer = bot.choose(req, () => game.view(req.player), searchContext(game, req.player));
      if (thinking) io.status!('');
      game.answer(answer);
      // The game's last lines wait for finalLines, which leaves its end to "Game over".
      if (watching && game.pending) watch();
      // Between two bots' answers Ctrl-C can be heard (and the game saved, with --save).
      await nextTurn();
      continue;
    }
    // A person sees the question as the seat's view puts it (hidden pieces by alias, in shown order).
    const seen = game.view(req.player).pending ?? req;
    showView(game, seen, shown, printed, io);
    const answer = await ask(seen, lines, io, game);
    if (answer === 'quit' || answer === 'eof') { quit = true; ended = answer === 'eof'; break; }
    const r = game.answerFromView(answer);
    if (!r.ok) io.out(`  refused: ${r.message}\n`);
  }
  // What happened after a person's last question (the last moves, what the victory script says):
  // each person at this terminal reads the rest of their own view, as before every question.
  // A person no question went to (a game that asks nobody anything) reads the whole game.
  for (const p of game.state.players) if (!bots.has(p.id) && !shown.has(p.id)) shown.set(p.id, 0);
  if (!quit) for (const line of finalLines(game, watching ? new Map([[null, watched]]) : shown, printed)) io.out(`${line}\n`);
  io.out(game.status === 'ended' ? `\nGame over: ${resultText(game, game.result)}\n` : game.status === 'error' ? `\nThe game stopped: ${game.error?.code}: ${game.error?.message} (${game.error?.file}:${game.error?.range.start.line}:${game.error?.range.start.column})\n${game.error?.hint ? `  hint: ${game.error.hint}\n` : ''}` : ended ? '\nStopped before the end: the input ended.\n' : '\nStopped before the end.\n');
  save?.();
  // Answers piped in that run out before the game ends are a script that did not finish: 1, as
  // for an error, so a CI step notices (typing `quit` is a choice: 0).
  return game.status === 'error' || ended ? 1 : 0;
}

interface Started {
  game: Game;
  program: Program;
  path: string;
  /** The rules came from the files a loaded replay carries (none on disk). */
  carried?: boolean;
}

function newGame(path: string | undefined, values: { seed: string; players?: string; option?: string[]; root?: string }, io: Io): Started | number {
  if (!path) { io.err(`${PLAY_USAGE}\n`); return 2; }
  const program = programFor(path, io, undefined, values.root);
  if (typeof program === 'number') return program;
  const options = parseOptions(program, values.option, io);
  if (typeof options === 'number') return options;
  const setup = { seed: values.seed, options, ...(values.players ? { players: Number(values.players) } : {}) };
  const game = Game.start(program, setup);
  if (!(game instanceof Game)) { io.err(game.problems.map((p) => `rulesmith play: ${p.message}\n`).join('')); return 2; }
  return { game, program, path };
}

/** A game saved by `--save` (or any replay file: then its answers are played again first). */
function loadGame(file: string, path: string | undefined, root: string | undefined, io: Io): Started | number {
  const replay = readReplay(file, 'play', io);
  if (typeof replay === 'number') return replay;
  const program = path !== undefined ? programFor(path, io, undefined, root) : rulesFor(replay, file, undefined, io);
  if (typeof program === 'number') return program;
  let game: Game | { problems: Array<{ message: string }> };
  if (replay.game) game = Game.fromState(program, replay.game);
  else {
    game = Game.start(program, replay.setup);
    for (const d of replay.decisions) if (game instanceof Game && game.pending && !game.answer(d).ok) return fail(`answer ${JSON.stringify(d)} is refused by these rules`);
  }
  if (!(game instanceof Game)) return fail(game.problems.map((p) => p.message).join('; '));
  io.out(`Resumed ${file}: ${game.state.decisions.length} decisions played, round ${game.state.round}.\n`);
  if (path !== undefined) return { game, program, path };
  if (replay.files) return { game, program, path: replay.ruleset, carried: true };
  return { game, program, path: rulesetOnDisk(replay, file) ?? replay.ruleset };

  function fail(why: string): number {
    io.err(`rulesmith play: cannot go on with '${file}': ${why}\n`);
    return 1;
  }
}

function showView(game: Game, req: DecisionRequest, shown: Map<string, number>, printed: Map<number, string>, io: Io): void {
  const view = game.view(req.player);
  const from = shown.get(req.player) ?? 0;
  for (const line of newLines(game, view, from, printed)) io.out(`${line}\n`);
  shown.set(req.player, view.log.length);
  showQuestion(game, req, io);
}

/** The question and its numbered options, as the seat's view puts them. */
function showQuestion(game: Game, req: DecisionRequest, io: Io): void {
  const view = game.view(req.player);
  const who = game.rt.label(game.rt.ref('player', req.player));
  io.out(`\n[round ${view.state.round} · ${view.state.phase === null ? '' : flowName(game.program, view.state.phase) ?? view.state.phase}] ${who}: ${req.prompt}\n`);
  if (req.kind === 'number') io.out(`  a number from ${req.min} to ${req.max}\n`);
  else req.labels.forEach((l, i) => io.out(`  ${i + 1}. ${l}${req.notes?.[i] ? ` (${req.notes[i]})` : ''}${endText(req.previews?.[i])}${cardText(game, view.state.cards, req.options[i])}\n`));
  if (req.kind === 'several') io.out(`  (choose ${req.min === req.max ? req.min : `${req.min} to ${req.max}`}: numbers separated by spaces${req.min === 0 ? ', or none' : ''})\n`);
}

/** ` — 2 ops. Red places 2 influence.`: what an option that is a card says, as the seat sees it. */
function cardText(game: Game, cards: GameView['state']['cards'], option: unknown): string {
  const id = option instanceof EntityRef && option.kind === 'card' ? option.id : null;
  const text = id === null ? undefined : cardFace(game.program, cards, id)?.text;
  return text ? ` — ${text}` : '';
}

/** ` → 0712`: where an option ends by the question's `preview` (nothing without one). */
function endText(preview: ChoicePreview | null | undefined): string {
  if (!preview) return '';
  return ` → ${preview.endLabel ?? 'off the map'}${preview.note ? ` — ${preview.note}` : ''}`;
}

async function ask(req: DecisionRequest, lines: AsyncIterator<string> | undefined, io: Io, game: Game): Promise<number | number[] | 'quit' | 'eof'> {
  for (;;) {
    io.out('> ');
    const next = lines ? await lines.next() : { done: true as const, value: undefined };
    if (next.done) return 'eof';
    const text = next.value.trim();
    if (text === 'quit' || text === 'q') return 'quit';
    // `log all` adds the rules' bookkeeping (tables read without a roll, unnamed variables).
    // After what a command printed, the question again, so the options are in sight.
    if (text === 'log' || text === 'log all') { const view = game.view(req.player), log = view.log, reads = readableIn(game, log); for (const e of log) if (text === 'log all' || reads(e)) io.out(`  · ${lineText(game, e, view.state)}\n`); showQuestion(game, req, io); continue; }
    if (text === 'state') { io.out(`${trackLines(game, game.view(req.player).state).join('\n')}\n`); showQuestion(game, req, io); continue; }
    if (text === 'board') { io.out(`${boardText(game, req.player)}\n`); showQuestion(game, req, io); continue; }
    if (text === 'map') { io.out(`${mapText(game)}\n`); showQuestion(game, req, io); continue; }
    // Nothing, where the question allows it (`choose up to 1`, `choose any`).
    if (req.kind === 'several' && (text === 'none' || text === '-')) {
      if (req.min === 0) return [];
      io.out(`  refused: choose at least ${req.min}\n`);
      continue;
    }
    const nums = text.split(/[\s,]+/).filter(Boolean).map(Number);
    if (nums.length === 0 || nums.some((n) => !Number.isInteger(n))) { io.out('  type a number (or board, map, log, log all, state, quit)\n'); continue; }
    if (req.kind === 'number') return nums[0]!;
    // Refuse here, in the numbers this prompt shows (1-based); the game counts options from 0.
    const wrong = (req.kind === 'one' ? nums.slice(0, 1) : nums).find((n) => n < 1 || n > req.labels.length);
    if (wrong !== undefined) { io.out(`  refused: there is no option ${wrong}; type a number from 1 to ${req.labels.length}\n`); continue; }
    if (req.kind === 'one') return nums[0]! - 1;
    return nums.map((n) => n - 1);
  }
}
