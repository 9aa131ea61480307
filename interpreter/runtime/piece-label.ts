/**
 * How a piece is named to people, from the program alone (the runtime's labels and the log's
 * reading for a view both use it, so a piece reads the same in options, prompts and log lines).
 */
import { programMemo } from './program-memo.ts';
import type { Program } from './program.ts';

/** Piece type names that two or more types share, per program: their pieces keep their ids. */
const sharedNames = programMemo(() => ({ names: undefined as Set<string> | undefined }));

/**
 * A piece by its type's name, told apart from the type's other pieces by its number: the one piece
 * of a type (id = type) is `Nashville`, the third of a count `Crowd #3`; a piece whose id follows
 * neither pattern, or whose type's name another type has too, keeps its id in brackets. Ids
 * (`nashville_steamer`) read as code to a player.
 */
export function pieceLabelIn(program: Program, type: string, id: string): string {
  const def = program.defs.pieceTypes.get(type);
  const name = def ? def.name : type;
  const memo = sharedNames(program);
  if (!memo.names) {
    const seen = new Set<string>();
    memo.names = new Set();
    for (const d of program.defs.pieceTypes.values()) (seen.has(d.name) ? memo.names : seen).add(d.name);
  }
  if (memo.names.has(name)) return `${name} (${id})`;
  if (id === type) return name;
  const n = id.startsWith(`${type}_`) ? id.slice(type.length + 1) : '';
  return /^\d+$/.test(n) ? `${name} #${n}` : `${name} (${id})`;
}
