/**
 * grammar/ and interpreter/ know no game: no shipped ruleset's folder, id or name, and none of its
 * table or deck ids, appears in their sources, comments included (what a game needs goes into
 * rulesets/ or becomes a general capability). Names are read from the rulesets themselves, so a
 * new game is covered the day it is added.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, pattern));
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

/**
 * Each game's names. A game's folder, id and name as a pattern that takes `-`, `_` or a space
 * between words, in any case; a table or deck id as written (`movement_cost`), since its words
 * may be plain English in prose ("the movement cost of a link").
 */
function gameNames(): Array<{ game: string; name: string; re: RegExp }> {
  const out: Array<{ game: string; name: string; re: RegExp }> = [];
  const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const add = (game: string, name: string) => {
    const words = name.split(/[-_ ]+/).filter(Boolean).map(escape);
    out.push({ game, name, re: new RegExp(`(?<![\\w-])${words.join('[-_ ]')}(?![\\w-])`, 'i') });
  };
  const addId = (game: string, id: string) => out.push({ game, name: id, re: new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`) });
  const rulesets = join(ROOT, 'rulesets');
  // The games, and the templates `rulesmith init` copies (rulesets/templates/<name>/): small games too.
  const folders = (dir: string) => readdirSync(dir).filter((g) => statSync(join(dir, g)).isDirectory() && existsSync(join(dir, g, 'ruleset.yaml'))).map((g) => join(dir, g));
  for (const folder of [...folders(rulesets), ...folders(join(rulesets, 'templates'))]) {
    const game = relative(rulesets, folder).split(sep).pop()!;
    const entry = parse(readFileSync(join(folder, 'ruleset.yaml'), 'utf8')) as { id: string; name: string };
    add(game, game);
    add(game, entry.id);
    // The name without a subtitle or a leading article ("Dragut – Il Sacco di Rapallo", "The Battle of Seattle").
    add(game, entry.name.split(/\s[–:-]\s/)[0]!.replace(/^the\s+/i, ''));
    for (const file of filesUnder(folder, /\.yaml$/)) {
      const data = (parse(readFileSync(file, 'utf8')) ?? {}) as Record<string, unknown>;
      for (const section of ['tables', 'decks']) {
        const ids = Object.keys((data[section] as object | undefined) ?? {});
        // Ids of one word (`tables.crt`, `decks.events`) are ordinary words; ids of several are the game's own.
        for (const id of ids) if (id.includes('_')) addId(game, id);
      }
    }
  }
  return out;
}

describe('generic code names no game', () => {
  const names = gameNames();
  const sources = ['grammar', 'interpreter'].flatMap((top) => filesUnder(join(ROOT, top), /\.(ts|mjs|js)$/));

  test('the scan reads every game and the generic sources (so an empty scan cannot pass)', () => {
    expect(new Set(names.map((n) => n.game)).size).toBeGreaterThanOrEqual(5);
    expect(names.length).toBeGreaterThan(40);
    expect(sources.length).toBeGreaterThan(100);
    // The patterns find what they are for: a name written with other separators or case.
    const game = names.find((n) => n.name === 'blockade-runner')!;
    expect(game.re.test('a Blockade Runner game')).toBe(true);
    expect(game.re.test('blockade_runner.yaml')).toBe(true);
    const war = names.find((n) => n.name === 'war_effort')!;
    expect(war.re.test('roll on war_effort')).toBe(true);
    expect(war.re.test('war_effortless')).toBe(false);
  });

  test('no game, table or deck name appears in grammar/ or interpreter/', () => {
    const found: string[] = [];
    for (const file of sources) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const n of names) if (n.re.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${n.name} (${n.game})`);
      });
    }
    expect(found).toEqual([]);
  });
});
