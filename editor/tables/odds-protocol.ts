/** Messages between the tables view's "Odds of" tool and its worker (plain data). */
import type { LookupOdds } from './lookup-odds.ts';

export interface OddsRequest {
  seq: number;
  files: Record<string, string>;
  entry: string;
  text: string;
  /** The base of a variant `entry`: the same expression is worked out over it too, to compare. */
  baseEntry?: string;
}

export interface OddsResponse {
  seq: number;
  answer: LookupOdds;
  /** The answer over `baseEntry`'s rules, when asked and they compile. */
  base?: LookupOdds;
}
