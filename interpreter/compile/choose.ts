import type { ChooseExpr } from '../../grammar/index.ts';
import type { DecisionRequest } from '../runtime/decisions.ts';
import { RuleError, type SourceAt } from '../runtime/errors.ts';
import { MarkedString, partsOf, RangeValue, toText, type Value } from '../runtime/values.ts';
import { compileExpr, countOf, num, type CompileEnv } from './expressions.ts';
import type { SlotScope } from './scope.ts';
import type { CompiledPreview, Eval, Frame } from '../runtime/frame.ts';

/** A question to ask now, or the value when there is nothing to ask (no options, nothing to pick). */
export type Asked = DecisionRequest | { value: Value };

/**
 * `choose …` compiled: `ask` builds the request from the frame; `each` (for `for each x in …`
 * secret choices) names the list to ask once per item and the slot the item is bound to.
 */
export interface CompiledChoose {
  at: SourceAt;
  ask: (f: Frame) => Asked;
  each: { source: Eval; slot: number } | null;
  /** `preview e`, worked out only when a host asks (runtime/previews.ts), never while playing. */
  preview: CompiledPreview | null;
}

export function compileChoose(e: ChooseExpr, scope: SlotScope, env: CompileEnv): CompiledChoose {
  const at: SourceAt = { path: env.path, span: e.span };
  let inner = scope;
  let each: CompiledChoose['each'] = null;
  if (e.each) {
    const source = compileExpr(e.each.source, scope, env);
    inner = scope.child();
    each = { source, slot: inner.define(e.each.binder) };
  }
  const from = compileExpr(e.from, inner, env);
  const by = e.by ? compileExpr(e.by, inner, env) : null;
  const prompt = e.prompt ? compileExpr(e.prompt, inner, env) : null;
  const count = 'count' in e.mode ? compileExpr(e.mode.count, inner, env) : null;
  const mode = e.mode.kind;
  const secret = e.secret;
  let preview: CompiledPreview | null = null;
  if (e.preview) {
    const seen = inner.child();
    const optionSlot = seen.define('option');
    preview = { eval: compileExpr(e.preview, seen, env), optionSlot };
  }

  function ask(f: Frame): Asked {
    const player = f.rt.deciderId(by ? by(f) : null, at);
    const said = prompt ? prompt(f) : null;
    const text = said === null ? defaultPrompt(mode) : toText(said);
    // A prompt that tells about hidden pieces keeps its marks with the question (views redact it).
    const marked = said instanceof MarkedString ? { promptParts: partsOf(said) } : {};
    if (mode === 'number') {
      const r = from(f);
      const range = r instanceof RangeValue ? r : null;
      const list = Array.isArray(r) ? r.map((x) => num(x, at)) : null;
      const min = range ? range.from : Math.min(...(list ?? [0]));
      const max = range ? range.to : Math.max(...(list ?? [0]));
      if (!Number.isFinite(max)) throw new RuleError('unbounded-choice', 'A number choice needs an upper bound (`0..n`).', at);
      if (max < min) throw new RuleError('no-options', `There is no number from ${min} to ${max} to choose.`, at);
      return { kind: 'number', player, prompt: text, options: [], labels: [], min, max, secret, at, ...marked };
    }
    const options = f.rt.iterable(from(f), at);
    const labels = options.map((o) => f.rt.label(o));
    let min = 1;
    let max = 1;
    if (mode === 'exactly') min = max = countOf(count!(f), 'How many to choose', at);
    else if (mode === 'up-to') { min = 0; max = Math.min(countOf(count!(f), 'How many to choose', at), options.length); }
    else if (mode === 'any') { min = 0; max = options.length; }
    if (mode === 'one' && options.length === 0) {
      f.rt.log('log', [...(said instanceof MarkedString ? partsOf(said) : [text]), ': nothing to choose from.'], at);
      return { value: null };
    }
    if (max > options.length) throw new RuleError('no-options', `Cannot choose ${max} from ${options.length} option(s).`, at, 'Check the list before choosing, or use `choose up to n of …`.');
    if (mode !== 'one' && max === 0) return { value: [] };
    return { kind: mode === 'one' ? 'one' : 'several', player, prompt: text, options, labels, min, max, secret, at, ...marked };
  }

  return { at, ask, each, preview };
}

function defaultPrompt(mode: string): string {
  return mode === 'number' ? 'Choose a number' : mode === 'one' ? 'Choose one' : 'Choose';
}
