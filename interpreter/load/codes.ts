/**
 * Diagnostic codes the loader reports, documented one by one in docs/diagnostics.md (Loader).
 * Codes are stable: tools and tests match on them, so rename nothing here.
 */
import type { Diagnostic, Range, Severity } from '../diagnostics.ts';

export const LOADER_CODES = [
  'file-not-found',
  'not-utf8',
  'file-too-large',
  'empty-file',
  'too-many-files',
  'yaml-syntax',
  'yaml-duplicate-key',
  'yaml-alias-limit',
  'yaml-multiple-documents',
  'yaml-complex-key',
  'yaml-warning',
  'swallowed-key',
  'nesting-too-deep',
  'missing-version',
  'unknown-key',
  'schema-type',
  'schema-required',
  'schema-enum',
  'invalid-id',
  'schema-invalid',
  'too-many-problems',
  'duplicate-id',
  'include-conflict',
  'include-not-found',
  'include-cycle',
  'include-repeated',
  'include-outside-root',
  'misplaced-key',
  'extends-not-found',
  'extends-cycle',
  'patch-path-not-found',
  'patch-adds-key',
  'set-changes-kind',
  'patch-quoted-key',
  'variant-replaces-whole',
  'removed-still-used',
  'internal-error',
] as const;

/** A diagnostic code the loader reports. */
export type LoaderCode = (typeof LOADER_CODES)[number];

/** What a loader step knows when it reports a problem. */
export interface Problem {
  code: LoaderCode;
  message: string;
  hint?: string;
  severity?: Severity;
  /** Replacement text for `range` (did-you-mean). */
  fix?: string;
}

/** Build a Diagnostic; omitted optional fields stay absent so JSON output stays small. */
export function diagnostic(file: string, range: Range, problem: Problem): Diagnostic {
  const d: Diagnostic = {
    severity: problem.severity ?? 'error',
    code: problem.code,
    message: problem.message,
    file,
    range,
  };
  if (problem.hint !== undefined) d.hint = problem.hint;
  if (problem.fix !== undefined) d.fix = { range, text: problem.fix };
  return d;
}
