/**
 * One fuzz input through the whole pipeline — load, check, compile, a game played a few decisions
 * by a random agent — and what became of it. Nothing here may throw: an exception out of rulesmith,
 * an `internal-error`, a diagnostic without a position, code or hint, or an answer the game refuses
 * though it offered it, is a crash and is reported as one (any throw is a bug).
 */
import { parseExpression, parseScript } from '../../grammar/index.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import type { Diagnostic } from '../../interpreter/diagnostics.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import { RandomAgent } from '../../interpreter/agents/index.ts';

/**
 * Runtime error codes that name a mistake visible in the rules' text alone — a name, a member or a
 * kind of value the script gets wrong whatever the dice and the players do — so the checker could
 * have reported it before the game ran. A mutant that checks clean and then stops with one of these
 * is a miss of the checker (docs/fuzzing.md, "What counts as what").
 */
export const STATIC_RUNTIME_CODES: ReadonlySet<string> = new Set([
  'unknown-name', 'unknown-property', 'type-mismatch', 'not-assignable', 'not-callable', 'wrong-arity',
  'table-not-rollable', 'unknown-die', 'unknown-arc', 'choice-in-expression',
]);

export type Verdict =
  | 'parsed' // rules text that parsed without a diagnostic
  | 'diagnostics' // the parser, the loader or the checker reported errors: nothing ran
  | 'refused' // the game would not start with the default setup (a setup problem, positioned by code)
  | 'ended' // the game ended with a result
  | 'playing' // still asking after the decisions allowed: no error so far
  | 'runtime-error' // the game stopped with a positioned runtime diagnostic
  | 'crash';

export interface Outcome {
  verdict: Verdict;
  /** The error codes reported (loader, checker or the one runtime error). */
  codes: string[];
  runtimeError?: Diagnostic;
  /** For a crash: the stage and what went wrong. */
  crash?: string;
  /** A checker miss: checked clean, then stopped with a code of STATIC_RUNTIME_CODES. */
  checkerMiss: boolean;
}

const CODE = /^[a-z]+(-[a-z0-9]+)*$/;

/** Why a diagnostic is not one a designer can act on, or undefined when it is well formed. */
export function malformed(d: Diagnostic): string | undefined {
  const position = (p: { line: number; column: number } | undefined) => p !== undefined && Number.isInteger(p.line) && Number.isInteger(p.column) && p.line >= 1 && p.column >= 1;
  if (typeof d.file !== 'string' || d.file === '') return `${d.code}: no file`;
  if (!position(d.range?.start) || !position(d.range?.end)) return `${d.code}: bad range ${JSON.stringify(d.range)}`;
  if (!CODE.test(d.code)) return `bad code ${JSON.stringify(d.code)}`;
  if (typeof d.message !== 'string' || !d.message) return `${d.code}: no message`;
  if (d.severity === 'error' && (typeof d.hint !== 'string' || !d.hint)) return `${d.code}: no hint (${d.message})`;
  if (d.code === 'internal-error') return `internal-error: ${d.message}`;
  return undefined;
}

/** Parse text as a script and as an expression; a crash description, or undefined when all is well. */
export function parseOutcome(text: string): string | undefined {
  return parseVerdict(text).crash;
}

/** Whether text parses cleanly (as a script or an expression), or what went wrong if it crashed. */
export function parseVerdict(text: string): { clean: boolean; crash?: string } {
  let clean = false;
  for (const [goal, parse] of [['script', parseScript], ['expression', parseExpression]] as const) {
    let diagnostics;
    let ast: unknown;
    try {
      ({ diagnostics, ast } = parse(text));
    } catch (e) {
      return { clean, crash: `${goal} parser threw: ${describe(e)}` };
    }
    const hole = holeIn(ast);
    if (hole !== undefined) return { clean, crash: `${goal} parser left a hole in the tree at ${hole}` };
    for (const d of diagnostics) {
      const ok = CODE.test(d.code) && d.code !== 'internal-error' && d.message && d.hint && Number.isInteger(d.span.start) && d.span.start >= 0 && d.span.end >= d.span.start && d.span.end <= text.length;
      if (!ok) return { clean, crash: `${goal} parser gave a malformed diagnostic: ${JSON.stringify(d)}` };
    }
    clean ||= diagnostics.length === 0;
  }
  return { clean };
}

/**
 * Where a parsed tree holds `undefined` (in a list, or as a node's field): what error recovery
 * must never leave, since every walk of the tree would stop there. Undefined when there is none.
 */
export function holeIn(node: unknown, path = ''): string | undefined {
  if (node === undefined) return path || '(root)';
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const found = holeIn(node[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(node)) {
    if (value === undefined) return `${path}.${key}`;
    const found = holeIn(value, `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

const describe = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message} ${(e.stack ?? '').split('\n').slice(1, 3).join(' ').trim()}` : String(e));

export interface RunOptions {
  /** Decisions the random agent answers before the game is left as `playing`. */
  decisions: number;
  seed: number;
}

/** Load `entry` from in-memory `files` and take it as far as it goes. */
export function runRuleset(files: Record<string, string>, entry: string, opts: RunOptions): Outcome {
  const crash = (stage: string, e: unknown): Outcome => ({ verdict: 'crash', codes: [], crash: `${stage}: ${typeof e === 'string' ? e : describe(e)}`, checkerMiss: false });
  let stage = 'load';
  try {
    const loaded = loadRuleset(entry, createMemoryHost(files));
    const bad = loaded.diagnostics.map(malformed).find((x) => x !== undefined);
    if (bad) return crash(stage, bad);
    const loadErrors = loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    if (loadErrors.length || !loaded.model) return { verdict: 'diagnostics', codes: loadErrors, checkerMiss: false };
    stage = 'check';
    const checked = checkRuleset(loaded.model);
    const badCheck = checked.map(malformed).find((x) => x !== undefined);
    if (badCheck) return crash(stage, badCheck);
    const checkErrors = checked.filter((d) => d.severity === 'error').map((d) => d.code);
    if (checkErrors.length) return { verdict: 'diagnostics', codes: checkErrors, checkerMiss: false };
    stage = 'compile';
    const program = compileRuleset(loaded.model);
    stage = 'start';
    const started = Game.start(program, { seed: opts.seed }, { log: 'none' });
    if (!(started instanceof Game)) return { verdict: 'refused', codes: started.problems.map((p) => p.code), checkerMiss: false };
    stage = 'play';
    const game = started;
    const agent = new RandomAgent(opts.seed);
    for (let i = 0; game.pending && i < opts.decisions; i++) {
      const r = game.answer(agent.choose(game.pending));
      if (!r.ok) return crash(stage, `the game refused an answer it offered: ${r.code} ${r.message}`);
    }
    stage = 'view';
    game.view(null);
    if (game.status === 'error' && game.error) {
      const badError = malformed(game.error);
      if (badError) return crash('play', badError);
      const code = game.error.code;
      return { verdict: 'runtime-error', codes: [code], runtimeError: game.error, checkerMiss: STATIC_RUNTIME_CODES.has(code) };
    }
    return { verdict: game.status === 'ended' ? 'ended' : 'playing', codes: [], checkerMiss: false };
  } catch (e) {
    return crash(stage, e);
  }
}
