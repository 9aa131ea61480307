import { describe, expect, test } from 'vitest';
import { MemoryFileStore } from '../../editor/workspace/file-store.ts';
import { Workspace } from '../../editor/workspace/workspace.ts';

const ENTRY = 'rulesets/g/ruleset.yaml';
const TABLES = 'rulesets/g/tables.yaml';
const shippedGame = new Map([
  [ENTRY, 'rulesmith: 1\nid: g\nname: Game\ninclude: [tables.yaml]\n'],
  [TABLES, 'tables: {}\n'],
]);

async function workspace(store = new MemoryFileStore()): Promise<Workspace> {
  const ws = new Workspace(new Map([[ENTRY, shippedGame.get(ENTRY)!]]), async () => shippedGame, store);
  await ws.restore();
  await ws.openGame('g');
  return ws;
}

describe('workspace', () => {
  test('an edit should be saved at once and come back after a restart', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    ws.update(TABLES, 'tables: { t: {} }\n');
    expect(ws.saveState).toBe('saving');
    await ws.flushed();
    expect(ws.saveState).toBe('saved');
    const again = await workspace(store);
    expect(again.text(TABLES)).toBe('tables: { t: {} }\n');
    expect(again.isEdited(TABLES)).toBe(true);
  });

  test('reverting should restore the shipped text; writing it back by hand should too', async () => {
    const store = new MemoryFileStore();
    const ws = await workspace(store);
    ws.update(TABLES, 'x: 1\n');
    ws.revert(TABLES);
    await ws.flushed();
    expect(ws.text(TABLES)).toBe('tables: {}\n');
    expect(await store.all()).toEqual([]);
    ws.update(TABLES, 'x: 2\n');
    ws.update(TABLES, 'tables: {}\n');
    await ws.flushed();
    expect(ws.isEdited(TABLES)).toBe(false);
  });

  test('new and imported variants should get free names; an identical import should reuse the file', async () => {
    const ws = await workspace();
    const a = ws.createVariant('g', 'Night');
    const b = ws.createVariant('g', 'Night');
    expect([a, b]).toEqual(['rulesets/g/variants/night.yaml', 'rulesets/g/variants/night-2.yaml']);
    expect(ws.text(a)).toContain('extends: ../ruleset.yaml');
    expect(ws.addVariant('g', 'Other.YAML', ws.text(a)!)).toBe(a);
    expect(ws.addVariant('g', 'Other.YAML', 'rulesmith: 1\n')).toBe('rulesets/g/variants/other.yaml');
    expect(ws.variants('g')).toHaveLength(3);
    ws.remove(b);
    expect(ws.variants('g')).toHaveLength(2);
    // Shipped files cannot be deleted.
    ws.remove(ENTRY);
    expect(ws.text(ENTRY)).toBeDefined();
  });
});
