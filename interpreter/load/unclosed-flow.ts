/**
 * Unclosed `[` and `{`: yaml reports them where it gives up, on the next key's line, with a message
 * about indentation. The designer's mistake is at the opening bracket, so we find the flow
 * collections the CST never closed and report each one there.
 */
import type { CST, YAMLError } from 'yaml';

/** An opening bracket with no matching close. */
export interface UnclosedFlow {
  offset: number;
  bracket: '[' | '{';
}

/** yaml's error for an unclosed flow collection ("… must be sufficiently indented and end with a ]"). */
export function isUnclosedFlowError(error: YAMLError): boolean {
  return error.code === 'BAD_INDENT' && /end with an? [\]}]/.test(error.message);
}

/** The flow collections in `cst` without a closing bracket, outermost first. */
export function unclosedFlows(cst: readonly CST.Token[]): UnclosedFlow[] {
  const found: UnclosedFlow[] = [];
  // An explicit stack, like the parser's: no call-stack depth however deep the input.
  const pending: unknown[] = [...cst].reverse();
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push(node[i]);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const token = node as Partial<CST.FlowCollection>;
    if (token.type === 'flow-collection' && token.start && !token.end?.some(isClosing)) {
      found.push({ offset: token.start.offset, bracket: token.start.source === '{' ? '{' : '[' });
    }
    // Only these fields hold nested tokens; `start`, `sep` and `end` hold indicators and spaces.
    for (const key of ['items', 'value', 'key'] as const) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== undefined) pending.push(child);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

function isClosing(token: CST.SourceToken): boolean {
  return token.type === 'flow-seq-end' || token.type === 'flow-map-end';
}
