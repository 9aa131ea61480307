/**
 * AST of the rules language. Every node carries a `span` of 0-based character offsets into the
 * script text it was parsed from (`end` exclusive). The loader maps spans to file/line/column;
 * the grammar itself knows nothing about files.
 *
 * Design notes:
 * - Expressions and statements are discriminated unions on `kind`; consumers switch exhaustively
 *   and end with `assertNever` (see `grammar/assert-never.ts`).
 * - Names are kept as written; resolution (tables, decks, locals…) is the checker's job.
 */

/** Half-open range of 0-based offsets into the parsed text. */
export interface Span {
  start: number;
  end: number;
}

interface NodeBase {
  span: Span;
}

// ---------------------------------------------------------------- expressions

export type Expr =
  | NumberLit
  | StringLit
  | BoolLit
  | NoneLit
  | ListLit
  | RecordLit
  | RangeLit
  | Name
  | Member
  | Index
  | Call
  | Unary
  | Binary
  | IfExpr
  | DiceExpr
  | RollOn
  | Query
  | Aggregate
  | SortExpr
  | DrawExpr
  | ChooseExpr;

/** A number. A minus written right before a literal folds into it: `-2` is the number -2, spanning the `-`. */
export interface NumberLit extends NodeBase {
  kind: 'number';
  value: number;
}

/**
 * A string; `parts` alternates literal text (escapes already applied) and `{expr}` interpolations,
 * whose spans are offsets into the same text as the string's own.
 */
export interface StringLit extends NodeBase {
  kind: 'string';
  parts: Array<string | Expr>;
}

export interface BoolLit extends NodeBase {
  kind: 'bool';
  value: boolean;
}

/** `none`: the absence of a value (an empty `first`, a card not drawn). */
export interface NoneLit extends NodeBase {
  kind: 'none';
}

export interface ListLit extends NodeBase {
  kind: 'list';
  items: Expr[];
}

export interface RecordField {
  key: string;
  keySpan: Span;
  value: Expr;
}

/** `{ winner: red, level: "Decisive" }` */
export interface RecordLit extends NodeBase {
  kind: 'record';
  fields: RecordField[];
}

/** `2..5` (inclusive) or `16+` (open: `to` is null). */
export interface RangeLit extends NodeBase {
  kind: 'range';
  from: Expr;
  to: Expr | null;
}

/**
 * A name as written. `name: ''` is the parser's stand-in for an expression it could not read; it
 * only appears together with a parse diagnostic, so consumers may skip such scripts.
 */
export interface Name extends NodeBase {
  kind: 'name';
  name: string;
}

/** `unit.cf` */
export interface Member extends NodeBase {
  kind: 'member';
  object: Expr;
  property: string;
  propertySpan: Span;
}

/**
 * `table[key]`, `table[row, column]`, `list[1]`. A column may carry a shift: `crt[roll, cf shift 2]`
 * (positive moves right, clamped at the table edge).
 */
export interface Index extends NodeBase {
  kind: 'index';
  object: Expr;
  keys: Expr[];
  shift: Expr | null;
}

export interface Call extends NodeBase {
  kind: 'call';
  callee: string;
  calleeSpan: Span;
  args: Expr[];
}

/** Unary `+` makes no node: `+x` is `x` with its span widened to the `+` (table cells such as `+2d6`). */
export type UnaryOp = '-' | 'not';

export interface Unary extends NodeBase {
  kind: 'unary';
  op: UnaryOp;
  operand: Expr;
}

export type BinaryOp =
  | '+' | '-' | '*' | '/' | 'mod'
  | '==' | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or' | 'in';

export interface Binary extends NodeBase {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

/** `if c then a else b` as an expression (the `else` is required). */
export interface IfExpr extends NodeBase {
  kind: 'if-expr';
  condition: Expr;
  then: Expr;
  else: Expr;
}

/**
 * A roll. `2d6` sums two six-sided dice; `d66` reads a tens die then a units die (11–66);
 * `3d[special]` rolls three of the ruleset's named die `special`; `(n)d6` takes its count from an
 * expression. The value keeps the individual dice (`.dice`, `.faces`) as well as the `.total`.
 */
export interface DiceExpr extends NodeBase {
  kind: 'dice';
  /**
   * Number of dice: a literal, or an expression written in parentheses. For `d6` and `d66` it is
   * the number 1 with a zero-width span just before the `d`.
   */
  count: Expr;
  /** `6` for d6; `'d66'` for the tens-and-units roll; a die name for `d[name]`. */
  die: { sides: number } | { d66: true } | { named: string; span: Span };
}

/**
 * `roll on weather` (a table indexed by its own dice) or, on a cross table,
 * `roll on crt column cf shift -1`.
 */
export interface RollOn extends NodeBase {
  kind: 'roll-on';
  table: string;
  tableSpan: Span;
  column: Expr | null;
  shift: Expr | null;
}

export type QueryOp = 'count' | 'any' | 'all' | 'first' | 'select';

/**
 * `count u in units where u.side == red`. `any`/`all` give booleans, `first` an element or
 * `none`, `select` the filtered list. The binder `u` is scoped to the condition.
 */
export interface Query extends NodeBase {
  kind: 'query';
  op: QueryOp;
  binder: string;
  binderSpan: Span;
  source: Expr;
  where: Expr | null;
}

export type AggregateOp = 'sum' | 'min' | 'max';

/** `sum u.cf for u in attackers where u.kind == group` */
export interface Aggregate extends NodeBase {
  kind: 'aggregate';
  op: AggregateOp;
  value: Expr;
  binder: string;
  binderSpan: Span;
  source: Expr;
  where: Expr | null;
}

/** `sort u in ships by u.capacity descending` */
export interface SortExpr extends NodeBase {
  kind: 'sort';
  binder: string;
  binderSpan: Span;
  source: Expr;
  by: Expr;
  descending: boolean;
}

/** `draw from union_deck`, `draw 3 from actions into player.hand`. One card, or a list when a count is given. */
export interface DrawExpr extends NodeBase {
  kind: 'draw';
  count: Expr | null;
  deck: Expr;
  into: Expr | null;
}

export type ChooseMode =
  | { kind: 'one' }
  /** exactly n */
  | { kind: 'exactly'; count: Expr }
  /** between 0 and n */
  | { kind: 'up-to'; count: Expr }
  /** any subset */
  | { kind: 'any' }
  /** a number from a range: `choose number from 0..cash` */
  | { kind: 'number' };

/**
 * The one way a script asks a player. The runtime suspends here and an agent answers.
 * `choose one of options by player prompt "Pick an area"`;
 * `secretly choose one of maneuvers(p) by p for each p in pilots` (simultaneous secret choices:
 * the value is a record keyed by chooser).
 */
export interface ChooseExpr extends NodeBase {
  kind: 'choose';
  mode: ChooseMode;
  /** The options (a list), or for `number` the range. */
  from: Expr;
  /** Who decides; defaults to the active player. */
  by: Expr | null;
  prompt: Expr | null;
  /**
   * `preview e`: what answering with each option would do, for the deciding seat only; `e` sees
   * the option as `option`. Places (a list), or `{ path, end, facing }`. Never changes the game.
   */
  preview: Expr | null;
  secret: boolean;
  /** `for each p in seats`: one simultaneous choice per element. */
  each: { binder: string; binderSpan: Span; source: Expr } | null;
}

// ---------------------------------------------------------------- statements

export type Stmt =
  | LetStmt
  | AssignStmt
  | IfStmt
  | ForEachStmt
  | RepeatStmt
  | WhileStmt
  | ExprStmt
  | LogStmt
  | ReturnStmt
  | StopStmt
  | ShuffleStmt
  | DiscardStmt
  | ReturnCardStmt
  | RemoveStmt
  | MoveStmt
  | PlaceStmt
  | FlipStmt
  | RevealStmt
  | EndGameStmt;

/** `let x = e` */
export interface LetStmt extends NodeBase {
  kind: 'let';
  name: string;
  nameSpan: Span;
  value: Expr;
}

/** `target = e`, `target += e`, `target -= e`; target is a name, member or index chain. */
export interface AssignStmt extends NodeBase {
  kind: 'assign';
  op: '=' | '+=' | '-=';
  target: Name | Member | Index;
  value: Expr;
}

export interface IfStmt extends NodeBase {
  kind: 'if';
  /** `if` and each `else if`, in order. */
  branches: Array<{ condition: Expr; body: Stmt[] }>;
  else: Stmt[] | null;
}

/** `for each u in units where cond do … end` */
export interface ForEachStmt extends NodeBase {
  kind: 'for-each';
  binder: string;
  binderSpan: Span;
  source: Expr;
  where: Expr | null;
  body: Stmt[];
}

/** `repeat n times … end` */
export interface RepeatStmt extends NodeBase {
  kind: 'repeat';
  count: Expr;
  body: Stmt[];
}

/** `while c max 100 do … end`; `limit` null means unbounded (the checker warns). */
export interface WhileStmt extends NodeBase {
  kind: 'while';
  condition: Expr;
  limit: Expr | null;
  body: Stmt[];
}

/** A procedure call, draw or choice whose value is not kept. */
export interface ExprStmt extends NodeBase {
  kind: 'expr';
  expr: Call | DrawExpr | ChooseExpr | RollOn | DiceExpr;
}

/** `log "text {x}"` */
export interface LogStmt extends NodeBase {
  kind: 'log';
  message: Expr;
}

/** `return` or `return e` (procedures). */
export interface ReturnStmt extends NodeBase {
  kind: 'return';
  value: Expr | null;
}

/** `stop`: leaves the innermost loop. */
export interface StopStmt extends NodeBase {
  kind: 'stop';
}

/** `shuffle deck` or `shuffle deck with discards` (the discard pile goes back in first). */
export interface ShuffleStmt extends NodeBase {
  kind: 'shuffle';
  deck: Expr;
  withDiscards: boolean;
}

/** `discard card` (to its own deck's discard pile) or `discard card to pile`. */
export interface DiscardStmt extends NodeBase {
  kind: 'discard';
  card: Expr;
  to: Expr | null;
}

/** `put card on top of deck` / `put card at bottom of deck` */
export interface ReturnCardStmt extends NodeBase {
  kind: 'put';
  card: Expr;
  deck: Expr;
  position: 'top' | 'bottom';
}

/** `remove x from game` (cards or pieces, permanently) or `remove x to zone`. */
export interface RemoveStmt extends NodeBase {
  kind: 'remove';
  target: Expr;
  to: Expr | null;
}

/** `move piece to area` (`facing n` on hex grids). */
export interface MoveStmt extends NodeBase {
  kind: 'move';
  piece: Expr;
  to: Expr;
  facing: Expr | null;
}

/** `place n of kind in area` or `place piece in area`: brings pieces into play. */
export interface PlaceStmt extends NodeBase {
  kind: 'place';
  count: Expr | null;
  piece: Expr;
  in: Expr;
  facing: Expr | null;
}

/** `flip piece` */
export interface FlipStmt extends NodeBase {
  kind: 'flip';
  piece: Expr;
}

/** `reveal x` (to everyone) or `reveal x to side`. */
export interface RevealStmt extends NodeBase {
  kind: 'reveal';
  target: Expr;
  to: Expr | null;
}

/** `end game with { winner: red, level: "Decisive" }` */
export interface EndGameStmt extends NodeBase {
  kind: 'end-game';
  result: Expr;
}

/** A parsed script (statements) or expression. */
export interface Script extends NodeBase {
  kind: 'script';
  body: Stmt[];
}
