/**
 * Hostile and large inputs of the parser, shared by test/grammar/hostile.test.ts (which checks the
 * answers) and test/bench/hostile.ts (which times them against the one-second ceiling).
 */

/** A deterministic pseudo-random generator, so a failing fuzz case can be replayed. */
export function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export const SCRIPT_CHUNK = `-- one turn of a made-up game, to time the parser on realistic text
let total = 0
for each u in units where u.side == active and not u.spent do
  let roll = 2d6 + u.cf - (if u.disrupted then 2 else 0)
  if roll >= 10 then
    total += crt[roll, u.cf shift -1]
  else if roll in 4..9 then
    total += 1
  else
    move u to first a in neighbours(u.area) where a.open
  end
end
while total > 0 max 20 do
  let card = draw from events
  log "Drew {card.name} with {total} left"
  total -= 1
end
let pick = choose one of select a in areas where (count p in a.pieces where p.side == active) > 0 by player prompt "Where?"
place 2 of crowd in pick facing 1
repeat max(1, total) times
  shuffle events with discards
end
if any u in units where u.area == pick then
  reveal pick to active
end
let best = sort s in ships by s.capacity descending
let cost = sum s.capacity for s in best where s.ready
put card on top of events
remove first u in units from game
roll on random_events
`;

/** Words of the language and stray punctuation, drawn at random into keyword soup. */
export const KEYWORD_SOUP = ['if', 'then', 'else', 'end', 'for', 'each', 'in', 'do', 'x', 'y', '=', '+', '(', ')', '[', ']', '{', '}', '"a{', '}"', '1', '2d6', 'count', 'max', 'choose', 'one', 'of', 'by', 'where', 'let', 'log', ',', '.', 'not', 'and', '16+', 'roll', 'on', 'draw', 'from', 'end game with', 'shift', 'secretly', 'sort', 'sum', 'put', 'top', 'place'];
