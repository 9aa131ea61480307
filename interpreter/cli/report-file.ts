/**
 * `--report FILE.html` is written after the games, which with search bots is hours later: a path
 * that cannot take it is said before any game is played, and a write that still fails (a disk
 * full meanwhile) leaves the figures printed on stdout, so no run is lost for its report.
 */
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { renderReport, type ReportInput } from '../analysis/report.ts';
import type { Io } from './io.ts';

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

/**
 * Write a report, if one was asked for; a failure is said on stderr and gives false, and the
 * caller prints its figures all the same (then exits 2).
 */
export function writeReport(command: string, file: string | undefined, input: ReportInput, io: Io): boolean {
  if (file === undefined) return true;
  try {
    writeFileSync(file, renderReport(input));
    return true;
  } catch (e) {
    io.err(`rulesmith ${command}: cannot write ${file}: ${(e as Error).message}\n`);
    return false;
  }
}
