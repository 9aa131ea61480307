/**
 * The files allowed to evaluate text or load code from a computed name (test/architecture/
 * source-check.ts), each with the reason that text is never a stranger's. Keep it short: every
 * entry is a door, and a reviewer should be able to check each reason by reading one file.
 */
export const EVAL_ALLOW_LIST: Readonly<Record<string, string>> = {
  'interpreter/cli/worker-entry.mjs':
    "The simulate command's worker thread imports `workerData.module`, a file URL its parent builds from its own location (interpreter/cli/simulate-run.ts: new URL('./simulate-worker.ts', import.meta.url)); no ruleset, replay or argument reaches it.",
  'bin/rulesmith.js':
    "The launcher imports bin/dev.js by a URL built from its own location (new URL('./dev.js', import.meta.url)) when that file exists, i.e. in the repository; the package ships no dev.js. No argument or file content reaches the path.",
};
