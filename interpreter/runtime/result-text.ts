/**
 * A game's result in plain words (`Red wins (Points).`), for the log's last line, the CLI and the
 * editor alike. Results are whatever `end game with` returned; `winner` and `level` are read by
 * convention, other fields are listed as they are.
 */

/** `{ winner: 'p1', level: 'Richest company', wealth: 40 }` → `Player 1 wins (Richest company; wealth 40).` */
export function resultText(result: unknown, nameOf: (id: string) => string): string {
  if (typeof result !== 'object' || result === null || Array.isArray(result)) return `The game ended: ${JSON.stringify(result)}.`;
  const { winner, level, ...rest } = result as Record<string, unknown>;
  const winners = (Array.isArray(winner) ? winner : winner === undefined || winner === null || winner === 'none' ? [] : [winner]).map((w) => nameOf(String(w)));
  const who = winners.length === 0 ? 'No one wins' : winners.length === 1 ? `${winners[0]} wins` : `${winners.slice(0, -1).join(', ')} and ${winners[winners.length - 1]} share the win`;
  const extra = Object.entries(rest).map(([k, v]) => `${k.replace(/_/g, ' ')} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  const how = [typeof level === 'string' ? level : undefined, ...extra].filter(Boolean).join('; ');
  return `${who}${how ? ` (${how})` : ''}.`;
}

/** A player's or side's name by id (the id itself when neither has one). */
export function ownerNameIn(players: ReadonlyArray<{ id: string; name: string }>, sides: unknown, id: string): string {
  const player = players.find((p) => p.id === id);
  if (player) return player.name;
  const side = typeof sides === 'object' && sides !== null ? (sides as Record<string, { name?: unknown } | undefined>)[id] : undefined;
  return typeof side?.name === 'string' ? side.name : id;
}
