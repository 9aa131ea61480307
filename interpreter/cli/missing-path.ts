/**
 * "cannot find 'X'" for a path named on the command line, with the close name when one part of it
 * is a typo (`rulesets/chesss` → "did you mean 'rulesets/chess'?"). The user named the path, so
 * any folder on the way may be listed (there is no ruleset root yet).
 */
import { join, resolve } from 'node:path';
import { RulesetRoot } from '../load/root.ts';
import { suggestPath } from '../load/path-suggest.ts';
import { nodeHost } from './node-host.ts';

export function cannotFind(path: string): string {
  // Paths resolve against the folder of the file that names them: here a file in the working folder.
  const close = suggestPath(path, join(resolve('.'), 'command-line'), nodeHost, new RulesetRoot('/', nodeHost), true);
  return close === undefined ? `cannot find '${path}'` : `cannot find '${path}' (did you mean '${close}'?)`;
}
