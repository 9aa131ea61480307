/**
 * A variant's problems that show in its base's files (a designer's walk: `set:` a card's count, and
 * `rulesmith validate variants/x.yaml` reported `cards.yaml:7:12 deck-count-mismatch` with a hint to
 * edit the base) are put on the variant's change that brings them, in the CLI and the editor alike.
 */
import { describe, expect, test } from 'vitest';
import { validate } from '../../editor/validator/validate.ts';
import { dedupe, validateEntry } from '../../interpreter/cli/validate.ts';
import { sortDiagnostics } from '../../interpreter/diagnostics.ts';
import { createMemoryHost } from '../../interpreter/load/index.ts';

const BASE = `rulesmith: 1
id: blame
name: Blame
include: [cards.yaml]
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
variables:
  unused_note: { type: number, initial: 0 }
tables:
  crt:
    roll: 1d6
    rows: { "1-2": lose, "3-4": hold, "5-6": win }
  bonus: { key: { domain: [a, b] }, rows: { a: 1, b: 2 } }
flow:
  phases:
    - id: main
      do: |
        let r = roll on crt
        let b = bonus["a"]
        end game with { winner: red, level: r }
`;
const CARDS = `decks:
  events:
    total: 3
    cards:
      - { id: ambush, count: 2 }
      - { id: storm, count: 1 }
`;
const VARIANT = `rulesmith: 1
id: blame_variant
name: Blame variant
extends: ../ruleset.yaml
remove: [tables.bonus]
set:
  decks.events.cards.ambush.count: 3
  tables.crt.rows.2: win
`;
const FILES = { 'g/ruleset.yaml': BASE, 'g/cards.yaml': CARDS, 'g/variants/v.yaml': VARIANT };
const at = (d: { file: string; range: { start: { line: number; column: number } } }) => `${d.file}:${d.range.start.line}:${d.range.start.column}`;

describe("a variant's problems in its base's files", () => {
  const { diagnostics } = validateEntry('g/variants/v.yaml', createMemoryHost(FILES));
  const byCode = (code: string) => diagnostics.filter((d) => d.code === code);

  test('should be put on the `set:` line that brings them, saying where the base shows them', () => {
    expect(byCode('deck-count-mismatch').map(at)).toEqual(['g/variants/v.yaml:7:3']);
    expect(byCode('deck-count-mismatch')[0]!.message).toContain('(in the base at g/cards.yaml:3:12, as this variant\'s `set: decks.events.cards.ambush.count` leaves it)');
    expect(byCode('table-overlap').map(at)).toEqual(['g/variants/v.yaml:8:3']);
    expect(byCode('table-overlap')[0]).not.toHaveProperty('fix');
  });

  test("a name the variant's `remove:` took away should say so at its use, and once at the `remove:` entry", () => {
    const unknown = byCode('unknown-name');
    expect(unknown.map(at)).toEqual(['g/ruleset.yaml:19:17']);
    expect(unknown[0]!.message).toBe("Unknown name `bonus`. The variant's `remove: tables.bonus` (g/variants/v.yaml:5:10) removed it, and the base still uses it here.");
    expect(unknown[0]!.hint).toBe("Keep it (take `tables.bonus` out of the variant's `remove:`), or change this line of the base in the variant so it no longer uses it.");
    const entry = byCode('removed-still-used');
    expect(entry.map(at)).toEqual(['g/variants/v.yaml:5:10']);
    expect(entry[0]!.message).toBe('`remove: tables.bonus` takes away `bonus`, which the base still uses at g/ruleset.yaml:19:17.');
    expect(entry[0]!.severity).toBe('error');
  });

  test('should keep its place and say it comes with the variant when no change holds it', () => {
    const base = 'rulesmith: 1\nid: c\nname: C\nsides: { red: { name: Red } }\nplayers: { min: 1, max: 1 }\ntables:\n  costs: { key: { domain: [a, b] }, rows: { a: 1, b: 2 } }\nflow:\n  phases:\n    - id: main\n      do: |\n        let n = costs["a"] + 1\n        end game with { winner: red, level: n }\n';
    const free = 'rulesmith: 1\nid: c_free\nname: Free\nextends: ../ruleset.yaml\nset:\n  tables.costs.rows.a: free\n';
    const found = validateEntry('c/variants/v.yaml', createMemoryHost({ 'c/ruleset.yaml': base, 'c/variants/v.yaml': free })).diagnostics;
    // The set line itself is warned of too: text where the base has a number (set-changes-kind).
    expect(found.map((d) => `${d.code} ${at(d)}`).sort()).toEqual(['set-changes-kind c/variants/v.yaml:6:24', 'type-mismatch c/ruleset.yaml:12:17']);
    expect(found.find((d) => d.code === 'type-mismatch')!.hint).toContain('it comes with the variant c/variants/v.yaml');
  });

  test("should leave the base's own problems where they are", () => {
    const base = validateEntry('g/ruleset.yaml', createMemoryHost(FILES)).diagnostics;
    const own = base.filter((d) => d.code === 'unused-definition');
    expect(own.map(at)).toEqual(['g/cards.yaml:2:3', 'g/ruleset.yaml:8:3']);
    expect(diagnostics.filter((d) => d.code === 'unused-definition')).toEqual(own);
  });

  test("the editor's validator should say the same for the variant, and nothing new for the base", () => {
    const entries = ['g/ruleset.yaml', 'g/variants/v.yaml'];
    const result = validate({ seq: 1, files: FILES, entries, active: 'g/variants/v.yaml' });
    expect(result.byEntry['g/variants/v.yaml']!.filter((d) => d.code === 'deck-count-mismatch').map(at)).toEqual(['g/variants/v.yaml:7:3']);
    expect(result.byEntry['g/ruleset.yaml']!.some((d) => d.code === 'deck-count-mismatch')).toBe(false);
  });
});

/** A base with a misspelt code of its own, and a variant that re-cuts that table's rows. */
const JAM_BASE = `rulesmith: 1
id: jams
name: Jams
sides: { red: { name: Red } }
players: { min: 1, max: 1 }
tables:
  jam:
    roll: 1d6
    rows: { "1-4": working, "5-6": jammed }
    results: { working: { name: No jam }, jammed: { name: Jam } }
flow:
  phases:
    - id: main
      do: |
        if (roll on jam) == "jamed" then log "jam" end
        end game with { winner: red }
`;
const RECUT = `rulesmith: 1
id: jams_recut
name: Jams re-cut
extends: ../ruleset.yaml
set:
  tables.jam.rows: { "1-5": working, "6": jammed }
`;

describe("the base's own problem, which a variant re-cutting the table lists in another order", () => {
  const files = { 'j/ruleset.yaml': JAM_BASE, 'j/variants/recut.yaml': RECUT };
  const base = validateEntry('j/ruleset.yaml', createMemoryHost(files)).diagnostics.filter((d) => d.code === 'never-equal');
  const variant = validateEntry('j/variants/recut.yaml', createMemoryHost(files)).diagnostics.filter((d) => d.code === 'never-equal');

  test("should stay the base's, not said to come with the variant", () => {
    expect(base.map(at)).toEqual(['j/ruleset.yaml:15:29']);
    expect(variant.map(at)).toEqual(['j/ruleset.yaml:15:29']);
    expect(variant[0]!.hint).not.toContain('comes with the variant');
  });

  test('should be printed once for the base and the variant together', () => {
    expect(dedupe(sortDiagnostics([...base, ...variant]))).toHaveLength(1);
  });
});
