/**
 * `--report FILE.html` is written after the games, which with search bots is hours later: a path
 * that cannot take it is said before any game is played, and a write that still fails (a disk
 * full meanwhile) leaves the figures printed on stdout, so no run is lost for its report.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Why `file` cannot take a report, or undefined when it can (as far as can be told before writing). */
export function reportPathProblem(file: string): string | undefined {
  const path = resolve(file);
  let existing;
  try {
    existing = statSync(path);
  } catch {
    // Not there yet: its folder decides.
  }
  if (existing?.isDirectory()) return `--report ${file} is a folder; give the report a file name, e.g. ${join(file, 'report.html')}`;
  const folder = dirname(path);
  try {
    if (!statSync(folder).isDirectory()) return `cannot write the report ${file}: ${dirname(file)} is not a folder`;
  } catch {
    return `cannot write the report ${file}: the folder ${dirname(file)} does not exist (create it first)`;
  }
  try {
    accessSync(existing ? path : folder, constants.W_OK);
  } catch {
    return `cannot write the report ${file}: ${existing ? 'the file' : `the folder ${dirname(file)}`} is not writable`;
  }
  return undefined;
}
