/**
 * `include-outside-root`: what a path that leads out of the ruleset's root is told. An `extends:`
 * written from a variant outside a ruleset's `variants/` folder (`house/reliable.yaml` with
 * `extends: ../ruleset.yaml`) is the common case: its root is its own folder, so the message names
 * it as the variant's folder and the hint gives the two ways out, moving it to the base's
 * `variants/` or a `--root` that holds both.
 */
import type { Problem } from './codes.ts';
import { ENTRY_FILE_NAME, normalizePath } from './file-host.ts';
import { folderOf, isInside, type RulesetRoot } from './root.ts';

/** A path named by an `include:` or `extends:` that leads outside the root. */
export function outsideRoot(written: string, root: RulesetRoot): Problem {
  return {
    code: 'include-outside-root',
    message: `\`${written}\` leads outside this ruleset's folder (${root.declared}); rulesmith reads no file there.`,
    hint: 'Keep every file of the ruleset inside its folder and name it by a relative path (no leading `/`, no `..` past the folder, no link out of it). To share files between rulesets, declare a common root: `rulesmith validate --root <folder>`.',
  };
}

/** `extends: written` in `fromFile`, resolved to `named`, outside the root. */
export function baseOutsideRoot(written: string, named: string, fromFile: string, root: RulesetRoot): Problem {
  const plain = outsideRoot(written, root);
  if (/^([/\\]|[A-Za-z]:)/.test(written)) return plain;
  const file = /\.ya?ml$/i.test(named);
  // A base ruleset: its folder or its entry file (another file is no base to widen the root for).
  const ruleset = !file || /(^|[/\\])ruleset\.yaml$/i.test(named);
  if (!ruleset) return plain;
  const base = file ? folderOf(named) : named;
  const common = commonFolder(root.declared, base);
  // Inside by its text, outside by a link: no root to declare.
  if (common === undefined || common === normalizePath(root.declared)) return plain;
  // Its root is its own folder (none was declared): the variant is outside a ruleset's `variants/`.
  const own = normalizePath(folderOf(fromFile)) === normalizePath(root.declared);
  const move = own ? `move it to \`${base === '.' ? '' : `${base}/`}variants/\` (a variant there reads its base from the ruleset's folder), or ` : '';
  return {
    ...plain,
    message: own
      ? `\`${written}\` leads outside this variant's folder (${root.declared}), the one folder rulesmith reads it from: only a variant in a ruleset's \`variants/\` folder may reach its ruleset's folder.`
      : plain.message,
    hint: `To extend ${file ? named : `${named === '.' ? '' : `${named}/`}${ENTRY_FILE_NAME}`}, ${move}declare a root that holds both: \`rulesmith validate --root ${common}\`.`,
  };
}

/** The nearest folder holding both `folder` and `other`, by their text; none at the top of the file system. */
function commonFolder(folder: string, other: string): string | undefined {
  let at = normalizePath(folder);
  for (let i = 0; i < 32; i++) {
    if (isInside(at, normalizePath(other))) return at === '/' ? undefined : at;
    const up = at === '.' ? '..' : /(^|\/)\.\.$/.test(at) ? `${at}/..` : folderOf(at);
    if (up === at) return undefined;
    at = up;
  }
  return undefined;
}
