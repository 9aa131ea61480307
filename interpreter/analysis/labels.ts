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
