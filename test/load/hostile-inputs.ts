/**
 * Hostile YAML shared by test/load/hostile.test.ts (which checks the answers) and
 * test/bench/hostile.ts (which times them against the one-second ceiling).
 * (No vitest import: the bench runs outside vitest.)
 */

/** Nine levels of nine aliases each: 9^9 nodes if expanded. */
export const BILLION_LAUGHS = `${[
  'rulesmith: 1',
  'a: &a [x, x, x, x, x, x, x, x, x]',
  'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]',
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]',
  'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]',
  'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]',
  'f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]',
  'g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]',
  'h: [*g, *g, *g, *g, *g, *g, *g, *g, *g]',
].join('\n')}\n`;
