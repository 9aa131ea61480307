/** Small rulesets as text, shared by the CLI tests that write them to a folder and validate them. */

/** One error: the table's roll reaches 6, which no row covers. */
export const BROKEN = `rulesmith: 1
id: broken
name: Broken
tables:
  t:
    roll: 1d6
    rows:
      1-5: ok
`;

/** One warning (a row the roll never reaches), no error. */
export const WARNS = `rulesmith: 1
id: warns
name: Warns
tables:
  t:
    roll: 1d6
    rows:
      1-6: ok
      7: never
`;

/** Two warnings (two unreachable rows), no error. */
export const TWO_WARNINGS = `${WARNS}      8: nor this
`;
