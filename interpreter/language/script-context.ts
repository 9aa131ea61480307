/**
 * Where the cursor is in a ruleset file, read from the text alone (the same rules the highlighter
 * follows): inside a script (a `do: |` block or a one-line `when: …` value), at a YAML key, or in
 * another value. Completion offers rulesmith names in scripts and values, never at keys.
 */

export type CursorContext = 'script' | 'key' | 'value';

/**
 * @param lines the file's lines; `line` is 1-based, `column` 1-based (the cursor is before it).
 */
export function cursorContext(lines: readonly string[], line: number, column: number, scriptKeys: ReadonlySet<string>, scriptMaps: ReadonlySet<string> = NONE): CursorContext {
  const text = lines[line - 1] ?? '';
  const before = text.slice(0, column - 1);
  if (inBlockScript(lines, line, column, scriptKeys)) return 'script';
  const keyed = /^([ \t]*)(?:-[ \t]+)?([A-Za-z_][\w-]*)[ \t]*:[ \t]*/.exec(before);
  if (keyed) {
    const value = before.slice(keyed[0].length);
    if (scriptKeys.has(keyed[2]!)) return /^[|>]/.test(value) ? 'value' : 'script';
    // A key of a map whose values are scripts (an action's `params`: `target: neighbours(unit.area)`),
    // written inline; its mapping form (`{ options, prompt }`) is a value.
    return !/^[|>{[]/.test(value) && scriptMaps.has(parentKey(lines, line) ?? '') ? 'script' : 'value';
  }
  return /^[ \t]*(?:-[ \t]+)?[\w-]*$/.test(before) && !/^[ \t]*-[ \t]*$/.test(before) ? 'key' : 'value';
}

/** Whether `line` lies in the block scalar of a script key (`do: |` above it, less indented). */
function inBlockScript(lines: readonly string[], line: number, column: number, scriptKeys: ReadonlySet<string>): boolean {
  const current = lines[line - 1] ?? '';
  // On a blank line, the cursor's column says how deep the user is typing.
  let indent = current.trim() === '' ? column - 1 : indentOf(current);
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const ind = indentOf(text);
    if (ind >= indent) continue;
    const opener = /^[ \t]*(?:-[ \t]+)?([A-Za-z_][\w-]*)[ \t]*:[ \t]*([|>][0-9+-]*)?[ \t]*(?:#.*)?$/.exec(text);
    if (opener) return opener[2] !== undefined && scriptKeys.has(opener[1]!);
    // A less indented line that opens nothing (a script line above, a list item): keep looking up.
    indent = ind;
  }
  return false;
}

const NONE: ReadonlySet<string> = new Set();

/** The key of the mapping `line` is in: the nearest line above, less indented, that opens one (`params:`). */
function parentKey(lines: readonly string[], line: number): string | undefined {
  const indent = indentOf(lines[line - 1] ?? '');
  for (let i = line - 2; i >= 0; i--) {
    const text = lines[i]!;
    if (text.trim() === '' || indentOf(text) >= indent) continue;
    return /^[ \t]*(?:-[ \t]+)?([A-Za-z_][\w-]*)[ \t]*:[ \t]*(?:#.*)?$/.exec(text)?.[1];
  }
  return undefined;
}

function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)![0].length;
}
