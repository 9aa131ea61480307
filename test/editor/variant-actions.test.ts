/** Import and Rename of a variant (editor/workspace/variant-actions.ts) over a workspace in memory. */
import { describe, expect, test } from 'vitest';
import { MemoryFileStore } from '../../editor/workspace/file-store.ts';
import { importVariant, renameVariant } from '../../editor/workspace/variant-actions.ts';
import { Workspace } from '../../editor/workspace/workspace.ts';

const ENTRY = 'rulesets/g/ruleset.yaml';
const POLICE = 'rulesets/g/variants/police-on-edge.yaml';
const POLICE_TEXT = 'rulesmith: 1\nid: g_police_on_edge\nname: "Game – police on edge"\nextends: ../ruleset.yaml\nset: { tracks.t.initial: 2 }\n';
const shipped = new Map([
  [ENTRY, 'rulesmith: 1\nid: g\nname: Game\n'],
  [POLICE, POLICE_TEXT],
]);

async function workspace(): Promise<Workspace> {
  const ws = new Workspace(new Map([[ENTRY, shipped.get(ENTRY)!]]), async () => shipped, new MemoryFileStore());
  await ws.restore();
  await ws.openGame('g');
  return ws;
}

describe('importing a variant', () => {
  test('whose id another variant has should say so, and offer a new id', async () => {
    const ws = await workspace();
    const friend = POLICE_TEXT.replace('initial: 2', 'initial: 3');
    const asked: string[] = [];
    const kept = importVariant(ws, 'g', 'friend-variant.yaml', friend, (q) => (asked.push(q), false));
    expect(asked).toEqual(['friend-variant.yaml has the id g_police_on_edge, as police-on-edge.yaml has already: both would be listed under one name, told apart only by their file names. Give the imported copy the new id g_police_on_edge_2? (Cancel keeps g_police_on_edge.)']);
    expect(kept).toEqual({ path: 'rulesets/g/variants/friend-variant.yaml', notice: 'Imported friend-variant.yaml as friend-variant.yaml. It has the id g_police_on_edge of police-on-edge.yaml: the list tells them apart by file name.' });
    expect(ws.text(kept.path)).toBe(friend);

    const renewed = importVariant(ws, 'g', 'friend-variant.yaml', friend.replace('initial: 3', 'initial: 4'), () => true);
    expect(renewed.path).toBe('rulesets/g/variants/friend-variant-2.yaml');
    expect(renewed.notice).toBe('Imported friend-variant.yaml as friend-variant-2.yaml. It has the id g_police_on_edge of friend-variant.yaml, so its id is now g_police_on_edge_2.');
    expect(ws.text(renewed.path)).toContain('\nid: g_police_on_edge_2\n');
  });

  test('with an id of its own, or the same text as a variant there, should ask nothing', async () => {
    const ws = await workspace();
    const ask = () => {
      throw new Error('asked');
    };
    expect(importVariant(ws, 'g', 'copy.yaml', POLICE_TEXT, ask)).toEqual({ path: POLICE, notice: 'Imported copy.yaml as police-on-edge.yaml.' });
    expect(importVariant(ws, 'g', 'mine.yaml', POLICE_TEXT.replace('g_police_on_edge', 'g_mine'), ask).path).toBe('rulesets/g/variants/mine.yaml');
  });
});

describe('renaming a variant', () => {
  test("should change its name: line only, as New variant writes it, and keep the file", async () => {
    const ws = await workspace();
    expect(renameVariant(ws, 'g', POLICE, 'Gentle police')).toEqual({ notice: 'Renamed Police on edge to Gentle police (the name: in police-on-edge.yaml; the file keeps its name). Ctrl+Z in the file takes it back.' });
    expect(ws.text(POLICE)).toBe(POLICE_TEXT.replace('name: "Game – police on edge"', 'name: "Game – Gentle police"'));
    expect(ws.variants('g')).toEqual([POLICE]);
    // A name already the game's keeps it; the same name changes nothing.
    renameVariant(ws, 'g', POLICE, 'Game: a "quoted" night');
    expect(ws.text(POLICE)).toContain('\nname: "Game: a \\"quoted\\" night"\n');
    expect(renameVariant(ws, 'g', POLICE, 'Game: a "quoted" night')).toEqual({ notice: 'police-on-edge.yaml is already named Game: a "quoted" night.' });
  });

  test('should add a name: to a variant without one, and refuse an empty name, a name over lines, or the base', async () => {
    const ws = await workspace();
    const bare = ws.addVariant('g', 'bare.yaml', 'rulesmith: 1\nid: g_bare\nextends: ../ruleset.yaml\n');
    renameVariant(ws, 'g', bare, 'Bare');
    expect(ws.text(bare)).toBe('rulesmith: 1\nid: g_bare\nname: "Game – Bare"\nextends: ../ruleset.yaml\n');
    expect(renameVariant(ws, 'g', bare, '  ')).toEqual({ error: 'A variant needs a name.' });
    const folded = ws.addVariant('g', 'folded.yaml', 'rulesmith: 1\nid: g_f\nname: >-\n  Game – folded\nextends: ../ruleset.yaml\n');
    expect(renameVariant(ws, 'g', folded, 'Flat')).toEqual({ error: 'The name of folded.yaml is written over several lines: change it in the file.' });
    expect(renameVariant(ws, 'g', ENTRY, 'Other')).toEqual({ error: 'ruleset.yaml is not a variant.' });
  });
});
