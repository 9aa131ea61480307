/** How a simulation's games are cut into batches for the workers (main thread; no interpreter). */

/** Batches small enough to keep every worker busy to the end (about eight per worker). */
export function split(games: number, workers: number): Array<{ from: number; to: number }> {
  const size = Math.max(1, Math.ceil(games / (workers * 8)));
  const out: Array<{ from: number; to: number }> = [];
  for (let from = 1; from <= games; from += size) out.push({ from, to: Math.min(games, from + size - 1) });
  return out;
}
