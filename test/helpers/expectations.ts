import type { Diagnostic } from '../../interpreter/diagnostics.ts';

/**
 * Expectations written inside fixture files, in the style of Crafting Interpreters' test suite:
 * `# expect-error: table-gap @5` (YAML comment) or `-- expect-error: unknown-name @19` (rules
 * language comment) on the line where the diagnostic starts; `@col` is optional; `*` matches any
 * code. Several expectations may share a line.
 */
export interface Expectation {
  severity: string;
  code: string;
  line: number;
  column?: number;
}

const EXPECT = /expect-(error|warning|info): (\S+)(?: @(\d+))?/g;

export function readExpectations(text: string): Expectation[] {
  const out: Expectation[] = [];
  text.split('\n').forEach((lineText, i) => {
    for (const m of lineText.matchAll(EXPECT)) {
      const e: Expectation = { severity: m[1]!, code: m[2]!, line: i + 1 };
      if (m[3]) e.column = Number(m[3]);
      out.push(e);
    }
  });
  return out;
}

export const describeDiagnostic = (d: Diagnostic) => `${d.severity} ${d.code} at ${d.range.start.line}:${d.range.start.column} — ${d.message}`;
const describeExpectation = (e: Expectation) => `${e.severity} ${e.code} at ${e.line}:${e.column ?? '*'}`;

/** Pair each expectation with one diagnostic; returns what is unmatched on either side. */
export function matchExpectations(expected: Expectation[], actual: Diagnostic[]): { missing: string[]; unexpected: string[] } {
  const left = [...actual];
  const missing: string[] = [];
  for (const e of expected) {
    const i = left.findIndex((d) => d.severity === e.severity && (e.code === '*' || d.code === e.code) && d.range.start.line === e.line && (e.column === undefined || d.range.start.column === e.column));
    if (i >= 0) left.splice(i, 1);
    else missing.push(describeExpectation(e));
  }
  return { missing, unexpected: left.map(describeDiagnostic) };
}
