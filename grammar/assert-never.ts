/**
 * Exhaustiveness guard for `switch` over discriminated unions: the call only type-checks when every
 * case has been handled. Reaching it at runtime means a consumer is out of date with the AST.
 */
export function assertNever(x: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(x)}`);
}
