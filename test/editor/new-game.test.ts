/**
 * New game in the editor (Workspace.createGame): the template `rulesmith init` copies, added as a
 * game of one's own in the browser's storage — listed by its name, checked clean by the editor's
 * validator, kept over a restart, never over a game that exists, and deleted whole.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { MemoryFileStore } from '../../editor/workspace/file-store.ts';
import { Workspace } from '../../editor/workspace/workspace.ts';
import { validate } from '../../editor/validator/validate.ts';
import { ROOT, shippedGame } from './helpers.ts';

const SHIPPED = shippedGame('dragut');
const DRAGUT = 'rulesets/dragut/ruleset.yaml';
const template = new Map(['ruleset.yaml', 'variants/long-campaign.yaml'].map((p) => [p, readFileSync(join(ROOT, 'rulesets/templates/starter', p), 'utf8')]));

async function workspace(store = new MemoryFileStore()): Promise<Workspace> {
  const ws = new Workspace(new Map([[DRAGUT, SHIPPED[DRAGUT]!]]), async (game) => new Map(game === 'dragut' ? Object.entries(SHIPPED) : []), store);
  await ws.restore();
  await ws.openGame('dragut');
  return ws;
}

describe('New game', () => {
  test('should add the template as a game of one\'s own that validates clean, with the name given', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    const game = ws.createGame('Border War: 1805', template, ['templates']);
    expect(game).toBe('border-war-1805');
    expect(ws.games().map((g) => [g.id, g.name])).toEqual([['border-war-1805', 'Border War: 1805'], ['dragut', SHIPPED[DRAGUT]!.match(/^name: "(.*)"$/m)![1]]]);
    expect(ws.isOwnGame(game)).toBe(true);
    expect(ws.isOwnGame('dragut')).toBe(false);
    const entry = `rulesets/${game}/ruleset.yaml`;
    const variant = `rulesets/${game}/variants/long-campaign.yaml`;
    expect(ws.variants(game)).toEqual([variant]);
    expect(parse(ws.text(entry)!)).toMatchObject({ id: 'border_war_1805', name: 'Border War: 1805' });
    expect(parse(ws.text(variant)!)).toMatchObject({ id: 'border_war_1805_long_campaign', name: 'Border War: 1805 – long campaign' });
    // The modeline names the repository's schema from each file's folder, as the shipped games' do.
    expect(ws.text(entry)!.split('\n')[0]).toBe('# yaml-language-server: $schema=../../grammar/ruleset.schema.json');
    expect(ws.text(variant)!.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../grammar/ruleset.schema.json');
    const result = validate({ seq: 1, files: ws.gameFiles(game), entries: [entry, variant], active: entry });
    expect(result.diagnostics).toEqual([]);
    expect(result.active?.tables.map((t) => t.id)).toContain('combat_results');
    // Kept over a restart.
    await ws.flushed();
    const again = await workspace(store);
    expect(again.games().map((g) => g.id)).toContain(game);
    expect(again.text(entry)).toBe(ws.text(entry));
  });

  test('should never take a game\'s folder that exists, nor a reserved one', async () => {
    const ws = await workspace();
    expect(ws.createGame('Dragut', template)).toBe('dragut-2');
    expect(ws.createGame('Dragut', template)).toBe('dragut-3');
    expect(ws.createGame('Templates', template, ['templates'])).toBe('templates-2');
    expect(ws.createGame('1805', template)).toBe('game-1805');
    expect(parse(ws.text('rulesets/game-1805/ruleset.yaml')!)).toMatchObject({ id: 'game_1805', name: '1805' });
    // The shipped game is untouched.
    expect(ws.text(DRAGUT)).toBe(SHIPPED[DRAGUT]);
  });

  test('deleting one\'s own game should remove all its files; a shipped game cannot be deleted', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    const game = ws.createGame('Mine', template);
    ws.removeGame(game);
    ws.removeGame('dragut');
    await ws.flushed();
    expect(ws.games().map((g) => g.id)).toEqual(['dragut']);
    expect(Object.keys(ws.gameFiles(game))).toEqual([]);
    expect(await store.all()).toEqual([]);
    expect(ws.text(DRAGUT)).toBe(SHIPPED[DRAGUT]);
  });
});
