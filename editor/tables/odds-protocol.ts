/** Messages between the tables view's "Odds of" tool and its worker (plain data). */
import type { LookupOdds } from './lookup-odds.ts';

export interface OddsRequest {
  seq: number;
  files: Record<string, string>;
  entry: string;
  text: string;
}

export interface OddsResponse {
  seq: number;
  answer: LookupOdds;
}
