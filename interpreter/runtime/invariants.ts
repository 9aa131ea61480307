/**
 * A ruleset's `invariants:` (conservation laws and bounds) evaluated on a game between decisions.
 * Checking must not change the game: a checked and an unchecked run play the same game, byte for
 * byte. The checker already refuses invariants that act (dice, draws, choices, procedure calls);
 * on top of that the generator, the step count, the log and the pending question are put back as
 * they were, so even a table cell that rolls leaves no trace.
 */
import type { Game } from './game.ts';
import { pathKey, type CompiledScript, type Program } from './program.ts';
import { RuleError } from './errors.ts';
import { toText, truthy } from './values.ts';

/** A broken invariant, or one that could not be evaluated (code `invariant-error`). */
export interface InvariantViolation {
  code: 'invariant-violated' | 'invariant-error';
  invariant: string;
  message: string;
  /** Where the invariant is declared (its key). */
  file?: string;
  line?: number;
  column?: number;
}

interface CompiledInvariant {
  id: string;
  when: CompiledScript | undefined;
  check: CompiledScript | undefined;
  message: CompiledScript | undefined;
  text: string;
  where: { file: string; line: number; column: number } | undefined;
}

const compiled = new WeakMap<Program, CompiledInvariant[]>();

/** The program's invariants in declaration order, their scripts looked up once per program. */
export function invariantsOf(program: Program): CompiledInvariant[] {
  let list = compiled.get(program);
  if (list) return list;
  list = Object.entries(program.data.invariants ?? {}).map(([id, inv]) => {
    const at = program.model.rangeOf(['invariants', id], { key: true });
    return {
      id,
      when: program.scripts.get(pathKey(['invariants', id, 'when'])),
      check: program.scripts.get(pathKey(['invariants', id, 'check'])),
      message: program.scripts.get(pathKey(['invariants', id, 'message'])),
      text: String(inv.message),
      where: at && { file: at.file, line: at.range.start.line, column: at.range.start.column },
    };
  });
  compiled.set(program, list);
  return list;
}

/** Whether the ruleset declares invariants. */
export const hasInvariants = (program: Program): boolean => invariantsOf(program).length > 0;

/**
 * The first invariant that does not hold in `game` now (declaration order), or null. A constant
 * `check: true`/`false` (YAML, not text) holds as written.
 */
export function checkInvariants(game: Game): InvariantViolation | null {
  const rt = game.rt;
  const state = game.state;
  // Invariants hold after set-up (language.md): one that asks questions is half done while it
  // waits (units still in the box), and a designer's conservation law would fail at "decision 0".
  if (state.round === 0 && state.phase === 'setup') return null;
  const rng = [...state.rng] as typeof state.rng;
  const steps = rt.steps;
  const entries = rt.entries.length;
  const { pending, pendingSlot } = rt;
  const depth = rt.stack.length;
  const at = rt.at;
  try {
    return rt.reading(() => firstBroken(game));
  } finally {
    state.rng.splice(0, 4, ...rng);
    rt.steps = steps;
    rt.entries.length = entries;
    rt.pending = pending;
    rt.pendingSlot = pendingSlot;
    rt.stack.length = depth;
    rt.at = at;
  }
}

function firstBroken(game: Game): InvariantViolation | null {
  const rt = game.rt;
  for (const inv of invariantsOf(game.program)) {
    let failed: string | undefined;
    let code: InvariantViolation['code'] = 'invariant-violated';
    try {
      const applies = inv.when ? truthy(rt.evalScript(inv.when) ?? null) : constant(game, inv.id, 'when');
      if (!applies) continue;
      if (inv.check ? truthy(rt.evalScript(inv.check) ?? null) : constant(game, inv.id, 'check')) continue;
      failed = messageOf(game, inv);
    } catch (e) {
      code = 'invariant-error';
      failed = `${inv.text} (could not be evaluated: ${e instanceof RuleError ? `${e.code}: ${e.message}` : (e as Error).message})`;
    }
    if (failed === undefined) continue;
    return { code, invariant: inv.id, message: failed, ...inv.where };
  }
  return null;
}

/** A `when`/`check` written as a YAML constant (no script): absent holds, `true`/`false` as written. */
function constant(game: Game, id: string, key: 'when' | 'check'): boolean {
  const raw = game.program.data.invariants?.[id]?.[key];
  return raw === undefined ? true : typeof raw === 'string' ? false : truthy(raw);
}

/** The message with its interpolations; the text as written if they cannot be evaluated. */
function messageOf(game: Game, inv: CompiledInvariant): string {
  try {
    return inv.message ? toText(game.rt.evalScript(inv.message) ?? inv.text) : inv.text;
  } catch {
    return inv.text;
  }
}
