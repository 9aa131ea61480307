/**
 * Result labels as people read them. Summaries key winners and outcomes by the ids a result
 * holds (`pirates — Seraglio`, `p2`, `tie: p1, p2`), so JSON and merged shards stay stable;
 * whatever prints them for people (CLI tables, the HTML report, the editor's charts) names them
 * through here, so one label reads the same everywhere.
 */

/** Each side's id → its name, from a ruleset's `sides:` (the id where no name is given). */
export function sideNames(data: { sides?: Record<string, { name?: string } | undefined> }): Record<string, string> {
  return Object.fromEntries(Object.entries(data.sides ?? {}).map(([id, s]) => [id, s?.name ?? id]));
}

/** A result label with its side or seat by name: `pirates — Seraglio` → `Pirates — Seraglio`, `p2` → `Player 2`. */
export function resultLabel(label: string, names: Record<string, string>): string {
  const [winner = '', ...rest] = label.split(' — ');
  const named = (id: string) => names[id] ?? (/^p\d+$/.test(id) ? `Player ${id.slice(1)}` : id);
  // A shared win (`tie: p1, p2`, as summaries key it) by the names of who shared it.
  const who = winner.startsWith('tie: ') ? `Tie: ${winner.slice(5).split(', ').map(named).join(', ')}` : named(winner);
  return [who, ...rest].join(' — ');
}

/**
 * Whether the outcomes say more than the winners. A summary's outcomes are `winner — level`; when
 * every winner is reached at one level only (`allies — Victory`, `none — Draw`), each outcome's
 * figures are its winner's and a second table would repeat them. Then this gives the outcomes that
 * name a level, for one line saying so ([] when none does: the outcomes are the winners); undefined
 * when some winner is reached at two levels or more, which only the outcomes' own figures show.
 */
export function levelsOnly(winners: readonly { label: string }[], outcomes: readonly { label: string }[]): string[] | undefined {
  if (outcomes.length !== winners.length) return undefined;
  const left = new Set(winners.map((w) => w.label));
  const levels: string[] = [];
  for (const { label } of outcomes) {
    const cut = label.indexOf(' — ');
    const winner = left.has(label) || cut < 0 ? label : label.slice(0, cut);
    if (!left.delete(winner)) return undefined;
    if (winner !== label) levels.push(label);
  }
  return levels;
}

/**
 * The line that stands for an outcomes table that would repeat the winners' (`levelsOnly`); '' when
 * there is nothing to add. `Outcomes:` as a sentence in the report and the editor, `outcomes:` as a
 * heading among the text's tables.
 */
export function levelsLine(levels: readonly string[], names: Record<string, string>, heading = 'outcomes'): string {
  return levels.length ? `${heading}: ${levels.map((l) => resultLabel(l, names)).join(', ')} (each winner at one level: the figures are the winners')` : '';
}
