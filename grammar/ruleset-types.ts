/**
 * The shape of a ruleset file, as TypeScript. `grammar/ruleset.schema.json` says the same to ajv and
 * to editors; keep the two in step (test/grammar/schema.test.ts checks the shipped rulesets against both).
 *
 * Conventions used throughout:
 * - Elements live in mappings keyed by id (`tables: { crt: {...} }`), so variants patch them by id.
 *   Ids are snake_case (`^[a-z][a-z0-9_]*$`); names shown to people go in `name`.
 * - Any element may carry provenance: `source` (rulebook section), `assumption` (why it is
 *   reconstructed) and `note`.
 * - `Script` values are statements of the rules language; `Expression` values are one expression.
 *   Write multi-line scripts as YAML literal block scalars (`|`), so positions map exactly.
 */

export type Id = string;
/** Statements of the rules language (a YAML string, usually a `|` block). */
export type Script = string;
/** One expression of the rules language, or a plain number/boolean where a constant will do. */
export type Expression = string | number | boolean;

export interface Provenance {
  /** Rulebook section this element encodes, e.g. "[6.3]" or "IT L61; NL L88-101". */
  source?: string;
  /** Why this element had to be reconstructed (the rulebook refers to it but does not print it). */
  assumption?: string;
  /** Anything else a designer should know. */
  note?: string;
}

export interface Named extends Provenance {
  name?: string;
  description?: string;
}

/** Free per-element data read by scripts as `x.key` (`unit.cf`, `card.port`). */
export type Props = Record<string, unknown>;

export interface RulesetFile extends Named {
  /** Format version of the file; required on entry and variant files (not on included files). */
  rulesmith?: 1;
  id?: Id;
  metadata?: Metadata;
  /** Files whose sections are merged into this one (paths relative to this file). */
  include?: string[];
  /** Variant: the ruleset this one changes (a folder, entry file or variant file). */
  extends?: string;
  /** Variant: element paths to delete from the base, e.g. "tables.night_modifiers". */
  remove?: string[];
  /** Variant: set one value deep inside the base, e.g. `"tables.crt.rows.6": [VM, A, A, X, X, X]`. */
  set?: Record<string, unknown>;

  players?: { min: number; max: number; default?: number } & Provenance;
  sides?: Record<Id, Side>;
  options?: Record<Id, Option>;
  dice?: Record<Id, Die>;
  pieces?: Record<Id, PieceType>;
  tracks?: Record<Id, Track>;
  variables?: Record<Id, Variable>;
  map?: MapDef;
  zones?: Record<Id, Zone>;
  decks?: Record<Id, Deck>;
  tables?: Record<Id, Table>;
  procedures?: Record<Id, Procedure>;
  setup?: Script | Step[];
  flow?: Flow;
  actions?: Record<Id, Action>;
  victory?: Victory;
  heuristics?: Heuristics;
  invariants?: Record<Id, Invariant>;
  odds?: Record<Id, OddsQuestion>;
}

/** How good a position is for a side or player, for search bots (higher is better; 0 is even). */
export interface Heuristics extends Named {
  /** Whom `score` scores: each side (bound as `side`, the default) or each player (`player`). */
  per?: 'side' | 'player';
  score?: Expression;
  /** One side's own score expression (with `side` bound), instead of `score`. */
  sides?: Record<Id, Expression>;
  /** The score that makes a win near-certain: reward = 1 / (1 + e^(-score / scale)). */
  scale?: number;
  /** Decisions a search playout runs before it is cut and scored (default 24). */
  depth?: number;
  /** Preferences among a question's options (search bots only): summed, 0 is neutral. */
  priors?: Record<Id, OptionPrior>;
}

/** A number for `option` (with `player`, `question` and `item` bound): above 0 prefers it, below 0 avoids it. */
export interface OptionPrior extends Named {
  score: Expression;
}

export interface Metadata extends Provenance {
  designer?: string | string[];
  publisher?: string;
  year?: number;
  edition?: string;
  /** Rulebook files or titles this ruleset was written from. */
  rulebooks?: string[];
  language?: string;
}

export interface Side extends Named {
  color?: string;
  /** How many players may play this side. */
  players?: { min: number; max: number };
  /** The sides this one plays against (default: every other side); read by `opponent`/`opponents`. */
  opponents?: Id[];
}

export interface Option extends Named {
  type: 'boolean' | 'number' | 'choice';
  default: boolean | number | string;
  /** For `choice`. */
  values?: string[];
  min?: number;
  max?: number;
  /**
   * Other options' values this one matters with (`{ advanced_rules: true }`); without them it keeps
   * its default, and the editor shows it greyed.
   */
  requires?: Record<Id, boolean | number | string>;
}

/** A die. Plain `d6`/`d66` need no declaration; declare custom dice with their faces. */
export interface Die extends Named {
  /** Face values in order; an object face carries a `value` plus any properties (`colour: red`). */
  faces: Array<number | string | ({ value: number | string } & Props)>;
}

export interface PieceType extends Named {
  side?: Id;
  /** How many exist (the counter mix). */
  count: number;
  /** A grouping used by rules ("group", "crowd"); free text. */
  kind?: string;
  label?: string;
  color?: string;
  /** The piece type this one becomes when flipped or reduced. */
  flips_to?: Id;
  /** Hidden from other sides until revealed. */
  hidden?: boolean;
  props?: Props;
}

/**
 * A bounded number: a track, a counter, a level. `per` gives one value per player, side, area or
 * piece (read as `player.cash`, `area.control`).
 */
export interface Track extends Named {
  min?: number;
  max?: number;
  initial: Expression;
  /**
   * For search bots: the value a seat that may not see this track's value assumes (evaluated on its
   * determinized copy, with the owner bound); without it the value is drawn between `min` and `max`.
   */
  guess?: Expression;
  per?: 'player' | 'side' | 'area' | 'piece' | 'global';
  /** What happens past a bound: `clamp` (stay at the bound) or `error` (a runtime diagnostic). */
  overflow?: 'clamp' | 'error';
  /** Non-uniform tracks: the boxes in order, each with a label and/or value. */
  boxes?: Array<number | string | ({ label?: string; value?: number } & Props)>;
  /** Show it as a track in the UI. */
  display?: 'track' | 'counter' | 'hidden';
  /** Who may see its values; `owner` means the player/side/piece owner each value belongs to. */
  visibility?: 'public' | 'owner' | 'hidden';
}

export interface Variable extends Named {
  type: 'number' | 'text' | 'boolean' | 'list' | 'record' | 'area' | 'side' | 'player' | 'piece' | 'card' | 'any';
  initial?: unknown;
  /** For search bots: the value a seat that may not see it assumes (as for tracks); without it hidden values are swapped between owners. */
  guess?: Expression;
  per?: 'player' | 'side' | 'area' | 'piece' | 'global';
  /** Who may see it; `owner` means the player/side it belongs to. */
  visibility?: 'public' | 'owner' | 'hidden';
  /** Back to `initial` at the start of every round, every turn (`by: each player`/`each side`), or every phase and step. */
  reset?: 'round' | 'turn' | 'phase';
}

export interface MapDef extends Named {
  area_types?: Record<Id, Named & { props?: Props }>;
  link_types?: Record<Id, Named & { cost?: number; directed?: boolean; props?: Props }>;
  areas?: Record<Id, Area>;
  /** `{from, to, type?, cost?}` or the short form `[from, to, type?]`. */
  links?: Array<Link | [Id, Id] | [Id, Id, Id]>;
  grid?: HexGrid;
}

export interface Area extends Named {
  type?: Id;
  props?: Props;
  /** Drawing position (any unit; the editor scales to fit). */
  at?: [number, number];
}

export interface Link extends Provenance {
  from: Id;
  to: Id;
  type?: Id;
  cost?: number;
  directed?: boolean;
}

export interface HexGrid extends Named {
  kind: 'hex';
  columns: number;
  rows: number;
  /** `flat` tops (columns offset) or `pointy` tops (rows offset). */
  orientation: 'flat' | 'pointy';
  /** Which columns/rows are shifted half a hex. */
  offset?: 'odd' | 'even';
  /** How hexes are labelled: `{col:02}{row:02}` → "0712". */
  label?: string;
  /** Facing directions are numbered 0..5 clockwise from this side. */
  facing_origin?: 'north' | 'north-east' | 'east';
  /** Named arcs for `in_arc`: the facing offsets (0 ahead, 1..5 clockwise) in each, e.g. `front: [5, 0, 1]`. */
  arcs?: Record<Id, number[]>;
  /** What every hex has (`hex.terrain`): each key with the value of a hex that `hexes` does not change. */
  props?: Record<string, unknown>;
  /** Hexes that differ from `props`, by label ("0304"): their own values of some of its keys. */
  hexes?: Record<string, Record<string, unknown>>;
  /** What every hexside has (`edge(a, b).river`): each key with the value of an edge `edges` does not change. */
  edge_props?: Record<string, unknown>;
  /** Hexsides that differ from `edge_props`, by their hexes' labels joined by `/` ("0501/0601", either order). */
  edges?: Record<string, Record<string, unknown>>;
}

export interface Zone extends Named {
  /** One zone per player or side, or a single one. */
  per?: 'player' | 'side' | 'global';
  visibility?: 'public' | 'owner' | 'hidden';
  /** Order matters (a pile drawn from the top). */
  ordered?: boolean;
}

export interface Deck extends Named {
  /** Declared number of cards; the checker compares it with the sum of `count`. */
  total?: number;
  owner?: Id;
  /** When the draw pile is empty: shuffle the discards back (`reshuffle`) or draw nothing (`stop`). */
  on_empty?: 'reshuffle' | 'stop';
  /** Declared card props with a description each; cards may only use these props. */
  fields?: Record<string, { type?: string; description?: string }>;
  cards: Card[];
}

export interface Card extends Named {
  id: Id;
  count?: number;
  text?: string;
  props?: Props;
  /** What playing the card does. */
  effect?: Script;
}

/**
 * A table. Its rows are indexed by a roll (`roll: 2d6`), or by a key (`key:` with a domain).
 * With `columns` it is a cross table: each row is a list of cells, one per column band.
 *
 * Row and column labels: `3`, `2-3` or `2..3` (inclusive band), `16+` (open band), or a name.
 */
export interface Table extends Named {
  /** Rows are the outcomes of this roll, e.g. `1d6`, `2d6`, `d66`, `2d[special]`. */
  roll?: string;
  /** What indexes the rows when they are not rolled, and its domain: "0..200", "0+", or a list. */
  key?: Named & { domain?: string | Array<string | number> };
  /** Cross tables: column bands in order. */
  columns?: Array<string | number>;
  column_key?: Named & { domain?: string | Array<string | number> };
  /** How to read cells: plain values (default), or rules-language expressions (`+2d6`). */
  cells?: 'value' | 'expression';
  /** Legend of coded cells (`N: {name: No effect}`); when present every cell must use a code. */
  results?: Record<string, Named>;
  /** Declares row effects: each record row's `effect:` is then a script, run by `resolve(table[key], a, b)` with these names bound (and the row as `row`); `[]` for none. */
  params?: Id[];
  rows: Record<string, unknown>;
}

export interface Procedure extends Named {
  params?: Id[];
  do: Script;
}

/** A condition every game keeps after each decision (checked by simulate --check-invariants). */
export interface Invariant extends Named {
  when?: Expression;
  check: Expression;
  /** Text with `{expr}` interpolations, as log lines. */
  message: string;
}

/** An expression whose outcome distribution `rulesmith odds` and `diff --odds` show by id. */
export interface OddsQuestion extends Named {
  expression: Expression;
}

export interface Step extends Named {
  id?: Id;
  do: Script;
}

export interface Flow extends Provenance {
  rounds?: Named & {
    /** A fixed number of rounds, or an expression. */
    count?: Expression;
    /** The game ends when this becomes true (checked after each round). */
    until?: Expression;
  };
  /** Who acts in a `by: each player` phase: seat order, or an expression giving a list. */
  turn_order?: 'seating' | 'sides' | Expression;
  /** Hooks around every phase or step that has no steps of its own. */
  each_step?: { on_enter?: Script; on_exit?: Script };
  phases: Phase[];
}

export interface Phase extends Named {
  id: Id;
  /** Skip the phase when this is false. */
  when?: Expression;
  /** Who acts: a side id, `each player` (in turn order), `each side`, or `all` (simultaneous). */
  by?: string;
  do?: Script;
  /** Runs when the phase starts, before `do`. */
  on_enter?: Script;
  /** Runs when the phase ends, after `do`, its steps and its actions. */
  on_exit?: Script;
  steps?: Phase[];
  /**
   * An action phase: the acting player spends points on actions until out or passing. The points
   * are `points` (counted from its value when the phase starts) or `pool` (a track or variable,
   * read before every choice, that each action's cost is taken from): one of the two.
   */
  actions?: { points?: Expression | 'unlimited'; pool?: Expression; allowed: Id[]; pass?: boolean | Expression } & Provenance;
}

export interface Action extends Named {
  by?: string;
  /** Action points it costs. */
  cost?: Expression;
  /** May the player take it now? */
  when?: Expression;
  /** Choices the player makes to take it: `ship: select p in pieces where p.owner == player`. */
  params?: Record<Id, Expression>;
  do: Script;
}

export interface Victory extends Named {
  /** When to check `when`: after each action, phase or round. The game also ends when flow ends. */
  check?: 'action' | 'phase' | 'round';
  when?: Expression;
  /** Runs when the game ends; must `end game with …`. */
  do: Script;
}
