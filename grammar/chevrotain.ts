/**
 * The chevrotain values the grammar uses, from one module. The compiled package (lib/) replaces
 * this module with a Node loader of chevrotain's own one-file build (bin/build-lib.mjs): the
 * package entry imports lodash-es function by function, 647 module files, which cost about 0.35 s
 * of every command's and every worker's start (docs/runtime.md). Sources — tsx, the tests, the
 * editor's bundle — use the entry as it is. Types come from 'chevrotain' directly.
 */
export { createToken, EmbeddedActionsParser, EOF, Lexer, NoViableAltException, tokenMatcher } from 'chevrotain';
