import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { editorLines, newVariant, paste, pickGame, waitForChecks, waitForEditor, waitForLine, waitForSaved } from './editor-page.ts';
import { useServedApp, type serveDist, type Session } from './harness.ts';


// Runs in Chromium (the repository's type check has no DOM library).
declare const getComputedStyle: (el: unknown) => { backgroundColor: string; outlineStyle: string };
/** In the editor already open (or opened), pick `game`'s base ruleset in the Edit view. */
async function openGame(page: Page, url: string, game: string): Promise<void> {
  if (!page.url().startsWith(url)) await page.goto(url);
  await page.click('rs-app >> button[data-view="edit"]');
  await waitForEditor(page);
  await pickGame(page, game);
}

/** What an "Odds of" tool holds (its question, whether it waits for the worker, its answer), for a failure's message. */
function oddsToolState(tool: Locator): Promise<string> {
  return tool.evaluate((el) => {
    const t = el as unknown as { text?: string; suggestion?: string; busy?: boolean; answer?: { ok: boolean; expression: string; message?: string }; isConnected: boolean };
    return JSON.stringify({ text: t.text, suggestion: t.suggestion, busy: t.busy, answer: t.answer && { ok: t.answer.ok, expression: t.answer.expression, message: t.answer.message }, connected: t.isConnected });
  }).catch((e: Error) => `(not readable: ${e.message.split('\n')[0]})`);
}

/** Make a variant of the game shown and open one of its tables (or decks: `deck:<id>`). */
async function newVariantTable(page: Page, name: string, table: string): Promise<void> {
  await page.click('rs-app >> button[data-view="edit"]');
  await newVariant(page, name);
  await waitForChecks(page);
  await page.click('rs-app >> button[data-view="tables"]');
  await page.click(`rs-tables-view >> nav >> button[data-table="${table}"]`);
}

describe('tables view', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;

  useServedApp('tables', (srv, session) => {
    server = srv;
    s = session;
  });

  test('the CRT should show as a grid with the exact odds of a row, a column and a cell, live', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await page.waitForSelector('rs-table-grid >> table');
    // Where the rulebook prints it; reconstructed tables are marked in the list and say what is assumed.
    expect(await page.textContent('rs-tables-view .provenance [data-kind="source"]')).toContain('[T-CRT] IT L286-305');
    expect(await page.locator('rs-tables-view button[data-table="crt"] .assumed').count()).toBe(0);
    expect(await page.locator('rs-tables-view button[data-table="turns"] .assumed').count()).toBe(1);
    await page.click('rs-tables-view >> button[data-table="turns"]');
    expect(await page.textContent('rs-tables-view .provenance [data-kind="assumption"]')).toMatch(/^\s*Assumed\s*The rulebook gives 4-hour day turns/);
    await s.shot('assumed-table');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await s.shot('crt-grid');
    const headers = (await page.locator('rs-table-grid thead button').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['1', '2-3', '4-6', '7-10', '11-15', '16+']);

    // Row 6 of a 1d6 table: 1/6.
    await page.click('rs-table-grid >> th button[data-row="5"]');
    expect(await page.textContent('rs-tables-view >> aside')).toContain('1/6 (16.7%)');
    await s.shot('row-odds');

    // Column 4-6: N on 1-2, VM on 3-4, A on 5-6.
    await page.click('rs-table-grid >> thead button[data-column="2"]');
    const outcomes = (await page.locator('rs-tables-view aside tr[data-result]').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(outcomes).toEqual(['N No effect 1/3 (33.3%) 1, 2', 'VM Morale Check 1/3 (33.3%) 3, 4', 'A Arrest 1/3 (33.3%) 5, 6']);
    await s.shot('column-odds');

    // Cell (6, 16+) is X; X in that column comes on 5 and 6.
    await page.click('rs-table-grid >> td button[data-row="5"][data-column="5"]');
    const aside = await page.textContent('rs-tables-view >> aside');
    expect(aside).toContain('X — Dispersal');
    // What the legend says of X: where the rulebook says it.
    expect(aside).toContain('Rulebook: [6.3] IT L160');
    expect(aside).toContain('1/3 (33.3%) (rows 5, 6)');
    await s.shot('cell-odds');

    // Edit the table: row 6, column 16+ becomes N; the odds follow.
    await page.click('rs-tables-view >> text=Show cell in file');
    await page.waitForSelector('rs-code-editor .monaco-host[data-ready=true]');
    await page.keyboard.type('N');
    await s.shot('edited-cell');
    await waitForChecks(page);
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-table-grid >> thead button[data-column="5"]');
    await expect.poll(() => page.locator('rs-tables-view aside').textContent()).toMatch(/X\s+Dispersal\s+1\/6/);
    await s.shot('live-update');
    await page.click('rs-app >> button[data-view="edit"]');
    await waitForLine(page, '      "6": [VM, A, A, X, X, N]');

    // Revert to shipped is explicit (and confirmed).
    page.once('dialog', (d) => void d.accept());
    await page.click('rs-file-toolbar >> text=Revert to shipped');
    await waitForLine(page, '      "6": [VM, A, A, X, X, X]');
    expect(await page.locator('rs-file-toolbar >> text=Revert to shipped').count()).toBe(0);
    await s.shot('reverted');
    expect(s.errors).toEqual([]);
  });

  test('CRT cells should be coloured by result and odds drawn as bars; banded rows should follow the numbers', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await page.waitForSelector('rs-table-grid >> table');
    // Row 6 reads VM, A, A, X, X, X: one colour per result, in legend order (N, VM, A, X).
    const row6 = await page.locator('rs-table-grid tbody tr >> nth=5 >> td').evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-result'), [...td.classList].find((c) => c.startsWith('result-'))]));
    expect(row6).toEqual([['VM', 'result-1'], ['A', 'result-2'], ['A', 'result-2'], ['X', 'result-3'], ['X', 'result-3'], ['X', 'result-3']]);
    const colours = await page.locator('rs-table-grid tbody tr >> nth=5 >> td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td).backgroundColor));
    expect(new Set(colours).size).toBe(3);
    // Each row's odds as a bar: 1/6 of a 1d6.
    expect(await page.locator('rs-table-grid th svg.odds-bar').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-percent')))).toEqual(Array(6).fill('16.67'));
    // A column's results as bars: N 1/3, VM 1/3, A 1/3.
    await page.click('rs-table-grid >> thead button[data-column="2"]');
    expect(await page.locator('rs-tables-view aside tr[data-result] svg.odds-bar').evaluateAll((bars) => bars.map((b) => b.getAttribute('data-percent')))).toEqual(['33.33', '33.33', '33.33']);
    expect(await page.locator('rs-tables-view aside tr[data-result="A"] td.result-2').count()).toBe(1);
    await s.shot('coloured-crt');

    // A variant whose rows are "1-5" then "6" (a JS object would list "6" first).
    await newVariant(page, 'Two bands');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await paste(page, 'set:\n  tables.crt.rows:\n    "1-5": [N, N, N, N, N, N]\n    "6": [X, X, X, X, X, X]\n');
    await waitForSaved(page);
    await waitForChecks(page);
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    const rowHeads = () => page.locator('rs-table-grid tbody th button').evaluateAll((bs) => bs.map((b) => [b.textContent!.replace(b.querySelector('.odds')!.textContent!, '').trim(), b.querySelector('.odds')!.textContent]));
    await expect.poll(rowHeads).toEqual([
      ['1-5', '5/6 (83.3%)'],
      ['6', '1/6 (16.7%)'],
    ]);
    await s.shot('banded-rows');
    expect(s.errors).toEqual([]);
  });

  test('a deck should show as a table of its cards, each with its chance to be drawn and its provenance', async () => {
    const { page } = s;
    await pickGame(page, 'blockade-runner');
    await page.click('rs-app >> button[data-view="tables"]');
    // The first table, read by the number of players: Odds of offers no roll the rules do not make.
    await expect.poll(() => page.locator('rs-odds-tool .hint').textContent()).toContain('The rules read it as setup_by_players[player_count], with no dice');
    await page.click('rs-tables-view >> nav >> button[data-table="deck:union_blockade"]');
    await page.waitForSelector('rs-table-grid >> table');
    expect(await page.textContent('rs-tables-view nav h3')).toBe('Decks');
    expect(await page.textContent('rs-tables-view aside')).toContain('A deck of 12 cards');
    const headers = (await page.locator('rs-table-grid thead button').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['count', 'port', 'text']);
    // Charleston: 1 card of 12, its note and where the rulebook names it.
    const row = await page.locator('rs-table-grid th button[data-row]').evaluateAll((bs) => bs.findIndex((b) => b.textContent?.includes('Charleston')));
    await page.click(`rs-table-grid >> th button[data-row="${row}"]`);
    const aside = await page.textContent('rs-tables-view aside');
    expect(aside).toContain('1/12 (8.3%)');
    expect(aside).toContain('chance that a card drawn from the full deck is this one');
    expect(aside).toContain('Named in the Port Assault example (IT L61).');
    expect(aside).toContain('Rulebook: IT L57, L61; spec §7.1');
    await s.shot('deck-card');
    expect(s.errors).toEqual([]);
  });
  test('a cell typed into the grid should change the variant and the odds at once; Escape keeps it, Undo takes it back, arrows move', async () => {
    const { page } = s;
    await openGame(page, server.url, 'battle-of-seattle');
    const cell = (row: number, column: number) => page.locator(`rs-table-grid td button[data-row="${row}"][data-column="${column}"]`);
    const status = () => page.locator('rs-tables-view .edit-status').textContent();
    // In the base ruleset the cell's own text changes, and the view says how to keep the printed rules; Ctrl+Z takes it back.
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> button[data-table="crt"]');
    await cell(0, 0).dblclick();
    await page.keyboard.type('A');
    await page.keyboard.press('Enter');
    await expect.poll(status).toContain('Row 1, column 1: N → A, in tables-combat.yaml. This changes the base ruleset itself');
    await page.keyboard.press('Control+z');
    await expect.poll(status).toContain('Undone: Row 1, column 1: N → A');
    // Another ruleset: the base's edit is no longer spoken of.
    await page.click('rs-ruleset-nav button[data-entry$="no-dispersal.yaml"]');
    await expect.poll(() => page.locator('rs-tables-view .edit-status').count()).toBe(0);
    await newVariantTable(page, 'Typed cells', 'crt');
    expect(await page.textContent('rs-tables-view .edit-hint')).toContain('Double-click a cell');

    // Row 6, column 16+ (X) becomes N: typed in place, written to the variant as a set: entry.
    await cell(5, 5).dblclick();
    await page.locator('rs-table-grid input.cell-input').waitFor();
    expect(await page.locator('rs-table-grid input.cell-input').inputValue()).toBe('X');
    await page.keyboard.type('N');
    await s.shot('cell-typing');
    await page.keyboard.press('Enter');
    await expect.poll(status).toMatch(/Row 6, column 16\+: X → N, as `set: tables\.crt\.rows\.6\.5` in typed-cells\.yaml\./);
    await expect.poll(async () => (await cell(5, 5).textContent())?.trim()).toBe('N');
    // What the variant changed is marked where it is edited, with the base's value.
    await expect.poll(() => page.locator('rs-table-grid td.changed').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-base')))).toEqual(['X']);
    expect(await page.textContent('rs-tables-view aside .base-value')).toContain('Changed by this variant: the base has X — Dispersal.');
    // The column's odds follow: X now only on row 5.
    await page.click('rs-table-grid >> thead button[data-column="5"]');
    const xRow = () => page.locator('rs-tables-view aside tr[data-result="X"] td').evaluateAll((tds) => tds.map((td) => td.textContent!.replace(/\s+/g, ' ').trim()));
    await expect.poll(xRow).toEqual(['X Dispersal', '1/6 (16.7%)', '1/3 (33.3%) −16.7', '5']);
    // Beside each chance, the base's (a walk missed it here, though Odds of showed it).
    expect(await page.locator('rs-tables-view aside tr[data-result="N"] td.base').textContent()).toMatch(/^\s*0 \(0%\)\s+\+16\.7\s*$/);
    // In the legend's order (N, VM, A, X), not by chance: the list stays put as cells change.
    expect(await page.locator('rs-tables-view aside tr[data-result]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-result')))).toEqual(['N', 'VM', 'A', 'X']);
    await s.shot('cell-changed');

    // Escape leaves the cell as it was.
    await cell(5, 4).dblclick();
    await page.keyboard.type('N');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('rs-table-grid input.cell-input').count()).toBe(0);
    expect((await cell(5, 4).textContent())?.trim()).toBe('X');

    // F2 on a cell; a code the table does not have is an error in Problems at once.
    await cell(0, 0).click();
    await page.keyboard.press('F2');
    await page.keyboard.type('Q');
    await page.keyboard.press('Enter');
    await page.locator('rs-problems-panel button[data-code="unknown-result-code"]').waitFor();
    // The grid marks the cell as an error (a solid frame, not the dashed "changed" one), with the
    // checker's message as its title and accessible description; the line under the grid says so.
    const wrongCell = page.locator('rs-table-grid td[data-problem="unknown-result-code"]');
    await expect.poll(() => wrongCell.count()).toBe(1);
    expect(await wrongCell.locator('button').getAttribute('data-row')).toBe('0');
    expect(await wrongCell.evaluate((td) => [td.classList.contains('problem-error'), getComputedStyle(td).outlineStyle])).toEqual([true, 'solid']);
    expect(await wrongCell.locator('button').getAttribute('aria-description')).toMatch(/^Error: `Q` is not one of this table's results \(N, VM, A, X\)/);
    expect(await wrongCell.locator('button').getAttribute('title')).toContain("Error: `Q` is not one of this table's results");
    await expect.poll(status).toMatch(/Row 1, column 1: N → Q, as `set: tables\.crt\.rows\.1\.0` in typed-cells\.yaml\. But this value is an error: `Q` is not one of this table's results/);
    expect(await page.getAttribute('rs-tables-view .edit-status', 'class')).toContain('error');
    expect(await page.textContent('rs-tables-view aside .cell-problem')).toContain("Error: `Q` is not one of this table's results");
    await s.shot('cell-error');
    // Undo takes the last change back, and the error with it.
    await page.click('rs-tables-view .edit-status >> text=Undo');
    await waitForChecks(page);
    await page.locator('rs-problems-panel button[data-code="unknown-result-code"]').waitFor({ state: 'detached' });
    await expect.poll(async () => (await cell(0, 0).textContent())?.trim()).toBe('N');
    expect(await page.locator('rs-table-grid td.changed').count()).toBe(1);
    expect(await page.locator('rs-table-grid td.problem').count()).toBe(0);

    // The same value written another way changes nothing, and the cell shows its own text again.
    await cell(1, 0).click();
    await page.keyboard.press('F2');
    await page.keyboard.type('"N"');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await status())?.trim()).toMatch(/^Row 2, column 1 is already N\./);
    await expect.poll(() => page.locator('rs-table-grid td.pending').count()).toBe(0);

    // As in a spreadsheet: an arrow moves to the next cell, and typing on it opens it with what is typed.
    await cell(4, 4).click();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('rs-tables-view aside h3').textContent()).toBe('Row 5, column 16+');
    await page.keyboard.type('VM');
    await page.keyboard.press('Enter');
    await expect.poll(status).toContain('Row 5, column 16+: X → VM');
    // A look at the code and back keeps the table, and what Undo can take back.
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-app >> button[data-view="tables"]');
    expect(await page.textContent('rs-tables-view main h2')).toBe('Combat Results Table');
    expect(await page.locator('rs-tables-view .edit-status button[data-action="undo"]').count()).toBe(1);
    // Ctrl+Z in the grid takes back the last change (the one before stays).
    await cell(4, 5).focus();
    await page.keyboard.press('Control+z');
    await expect.poll(status).toContain('Undone: Row 5, column 16+: X → VM');
    await expect.poll(async () => (await cell(4, 5).textContent())?.trim()).toBe('X');

    // The variant holds the change kept; the base file was not touched.
    await page.click('rs-app >> button[data-view="edit"]');
    await waitForLine(page, '  tables.crt.rows.6.5: N');
    expect((await editorLines(page)).join('\n')).not.toContain('tables.crt.rows.5.5');
    expect(await page.textContent('rs-ruleset-nav button[data-path="rulesets/battle-of-seattle/tables-combat.yaml"]')).not.toContain('edited');
    expect(s.errors).toEqual([]);
  });
  test("an answer still being worked out when another table is picked should not show under that table", async () => {
    const { page } = s;
    await openGame(page, server.url, 'battle-of-seattle');
    await page.click('rs-app >> button[data-view="tables"]');
    await page.click('rs-tables-view >> nav >> button[data-table="crt"]');
    const tool = page.locator('rs-tables-view rs-odds-tool');
    await tool.locator('input').fill('roll on crt column 12');
    // The worker starts and compiles the rules first: the answer comes well after the next click.
    await tool.locator('button').click();
    await page.click('rs-tables-view >> nav >> button[data-table="combat_modifiers"]');
    expect(await page.textContent('rs-tables-view main h2')).not.toBe('Combat Results Table');
    await expect.poll(() => tool.locator('button').textContent(), { timeout: 30_000 }).toBe('Show');
    expect(await tool.locator('tr[data-value]').count()).toBe(0);
    // Asked here, it answers here.
    await tool.locator('input').fill('2d6 >= 9');
    await tool.locator('button').click();
    await expect.poll(() => tool.locator('tr[data-value]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-value'))), { timeout: 30_000 }).toEqual(['false', 'true']);
    expect(s.errors).toEqual([]);
  });
  test('Odds of: an expression over the rules as edited, with the cells that gave each value, worked out again when a cell changes', async () => {
    const { page } = s;
    await openGame(page, server.url, 'battle-of-seattle');
    await newVariantTable(page, 'Odds of', 'crt');
    const tool = page.locator('rs-tables-view rs-odds-tool');
    // A rolled cross table suggests a roll on its first column.
    expect(await tool.locator('input').inputValue()).toBe('roll on crt column 1');
    await tool.locator('input').fill('roll on crt column 12');
    await tool.locator('button').click();
    const shown = () => tool.locator('tr[data-value]').evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-value')} ${tr.querySelectorAll('td')[1]?.textContent?.trim()}`));
    await expect.poll(shown, { timeout: 30_000 }).toEqual(['N 1/6 (16.7%)', 'VM 1/3 (33.3%)', 'A 1/3 (33.3%)', 'X 1/6 (16.7%)']);
    expect(await tool.locator('tr[data-value="X"] td').first().textContent()).toContain('Dispersal');
    expect(await tool.locator('.cells li[data-value="X"]').textContent()).toContain('crt row 6 (1d6 6), column 12 (11-15)');
    // Row 6, column 11-15: X → N in the variant; the odds shown follow without asking.
    await page.locator('rs-table-grid td button[data-row="5"][data-column="4"]').dblclick();
    await page.keyboard.type('N');
    await page.keyboard.press('Enter');
    // The base's chances stand beside: X, which this variant no longer gives, at 0 here and 16.7% there.
    await expect.poll(shown, { timeout: 30_000 }).toEqual(['N 1/3 (33.3%)', 'VM 1/3 (33.3%)', 'A 1/3 (33.3%)', 'X 0 (0%)']);
    const base = () => tool.locator('tr[data-value]').evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-value')} ${tr.querySelector('td.base')?.textContent?.trim()}${tr.classList.contains('changed') ? ' changed' : ''}`));
    expect(await base()).toEqual(['N 16.7% +16.7 changed', 'VM 33.3%', 'A 33.3%', 'X 16.7% −16.7 changed']);
    // A mistake is said, not thrown.
    await tool.locator('input').fill('crt[nope]');
    await tool.locator('button').click();
    // Read without waiting, so the poll retries; failed once in CI under load (no error within
    // 30 s, never seen since): the message then says what the tool held.
    const error = () => tool.evaluate((el) => el.shadowRoot?.querySelector('.error')?.textContent ?? null);
    await expect.poll(error, { timeout: 30_000 }).toContain('nope').catch(async (e: Error) => {
      throw new Error(`${e.message}\nOdds of held: ${await oddsToolState(tool)}`);
    });
    await s.shot('odds-of');
    // A table the rules read by the game turn, with no dice: no roll is made up for it.
    await page.click('rs-tables-view >> nav >> button[data-table="turns"]');
    await expect.poll(() => tool.locator('.hint').textContent()).toContain('The rules read it as turns[game_turn], with no dice');
    expect(await tool.locator('input').inputValue()).toBe('');
    expect(await tool.locator('input').getAttribute('placeholder')).toMatch(/^turns\[1d6/);
    expect(s.errors).toEqual([]);
  });

  test('the odds questions the rules keep should be listed and answered at once, and follow a changed cell', async () => {
    const { page } = s;
    await openGame(page, server.url, 'battle-of-seattle');
    await newVariantTable(page, 'Kept questions', 'crt');
    const nav = page.locator('rs-tables-view nav');
    expect(await nav.locator('h3').allTextContents()).toContain('Odds questions');
    expect(await nav.locator('button[data-question]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-question')))).toEqual(['attack_at_3', 'attack_at_8', 'removal_at_8']);
    await nav.locator('button[data-question="removal_at_8"]').click();
    expect(await page.textContent('rs-tables-view main h2')).toBe('An attack of strength 8 takes the targets off the map');
    expect(await page.textContent('rs-tables-view main code.expression')).toBe('crt[1d6, 8] in ["A", "X"]');
    expect(await page.textContent('rs-tables-view main .provenance')).toContain('[T-CRT]');
    // Answered without asking: the question is the point of the page.
    const tool = page.locator('rs-tables-view rs-odds-tool');
    const shown = () => tool.locator('tr[data-value]').evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-value')} ${tr.querySelectorAll('td')[1]?.textContent?.trim()}`));
    await expect.poll(shown, { timeout: 30_000 }).toEqual(['false 2/3 (66.7%)', 'true 1/3 (33.3%)']);
    // The variant changes nothing yet: the base's column says the same.
    const base = () => tool.locator('tr[data-value]').evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-value')} ${tr.querySelector('td.base')?.textContent?.trim()}`));
    await expect.poll(base).toEqual(['false 66.7%', 'true 33.3%']);
    await s.shot('odds-question');
    // Row 4, column 7-10 (VM) becomes A in the variant: the question shown is answered again over it.
    await nav.locator('button[data-table="crt"]').click();
    await page.locator('rs-table-grid td button[data-row="3"][data-column="3"]').dblclick();
    await page.keyboard.type('A');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('rs-tables-view .edit-status').textContent()).toContain('Row 4, column 7-10: VM → A');
    await nav.locator('button[data-question="removal_at_8"]').click();
    await expect.poll(shown, { timeout: 30_000 }).toEqual(['false 1/2 (50.0%)', 'true 1/2 (50.0%)']);
    expect(await base()).toEqual(['false 66.7% −16.7', 'true 33.3% +16.7']);
    await s.shot('odds-question-changed');
    // Show question in file opens the file at it.
    await page.click('rs-tables-view button[data-action="show-question"]');
    await expect.poll(() => page.locator('rs-app button[data-view="edit"]').getAttribute('aria-current')).toBe('page');
    expect(s.errors).toEqual([]);
  });

  test("a deck card's copies typed in a variant should show in Diff against base as each card's chance to be drawn", async () => {
    const { page } = s;
    await openGame(page, server.url, 'blockade-runner');
    await newVariantTable(page, 'More Norfolk', 'deck:union_blockade');
    const norfolk = await page.locator('rs-table-grid th button[data-row]').evaluateAll((bs) => bs.findIndex((b) => b.textContent?.includes('Norfolk')));
    await page.locator(`rs-table-grid td button[data-row="${norfolk}"][data-column="0"]`).dblclick();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('rs-tables-view .edit-status').textContent()).toContain('Norfolk, count: 1 → 2, as `set: decks.union_blockade.cards.0.count` in more-norfolk.yaml.');
    // The deck's size no longer matches: said at once, with the fix.
    await page.locator('rs-problems-panel button[data-code="deck-count-mismatch"]').waitFor();
    await page.click('rs-app >> button[data-view="diff"]');
    const card = page.locator('rs-variant-diff article[data-element="decks.union_blockade"] table[data-cards] tr[data-card="Norfolk"]');
    await expect.poll(async () => (await card.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Norfolk 1/12 (8.3%) 2/13 (15.4%) +7.1 pts');
    await s.shot('deck-card-odds');
    expect(s.errors).toEqual([]);
  });

  test("a row's band typed into its header should be written to the variant, with the gaps and overlaps it makes said", async () => {
    const { page } = s;
    await openGame(page, server.url, 'blue-max');
    await newVariantTable(page, 'Jams clear on 5-6', 'jam_recovery');
    const status = () => page.locator('rs-tables-view .edit-status').textContent();
    const header = (row: number) => page.locator(`rs-table-grid th button[data-row="${row}"]`);
    expect(await page.textContent('rs-tables-view .edit-hint')).toContain("Double-click a row's band (or press F2 on it) to change where the row starts and ends.");
    // Double-click "1-3": its field holds the band; 1-4 overlaps 4-6, which the line under the grid and the header say.
    await header(0).dblclick();
    const input = page.locator('rs-table-grid input.row-input');
    await input.waitFor();
    expect(await input.inputValue()).toBe('1-3');
    await page.keyboard.type('1-4');
    await page.keyboard.press('Enter');
    await expect.poll(status).toContain('Row 1-3: row 1-3 → 1-4, as `set: tables.jam_recovery.rows` (every row) in jams-clear-on-5-6.yaml.');
    await expect.poll(status).toContain('But the bands are wrong: Row `4-6` overlaps row `1-4`');
    await expect.poll(() => page.locator('rs-table-grid th[data-problem="table-overlap"] button').getAttribute('data-row')).toBe('1');
    await s.shot('row-band-overlap');
    // F2 on "4-6": 5-6 ends the overlap; the rows are the variant's now, so its own key changes.
    await header(1).click();
    await page.keyboard.press('F2');
    await input.waitFor();
    await page.keyboard.type('5-6');
    await page.keyboard.press('Enter');
    await expect.poll(status).toContain('Row 4-6: row 4-6 → 5-6, in jams-clear-on-5-6.yaml.');
    await expect.poll(() => page.locator('rs-table-grid th.problem').count()).toBe(0);
    expect(await page.locator('rs-table-grid th button[data-row] .band').allTextContents()).toEqual(['1-4', '5-6']);
    // Undo takes the last band back (the overlap with it).
    await header(1).focus();
    await page.keyboard.press('Control+z');
    await expect.poll(status).toContain('Undone: Row 4-6: row 4-6 → 5-6');
    await expect.poll(() => page.locator('rs-table-grid th[data-problem="table-overlap"]').count()).toBe(1);
    // The variant holds the whole rows; the base's file was not touched.
    await page.click('rs-app >> button[data-view="edit"]');
    await waitForLine(page, '  tables.jam_recovery.rows:');
    expect(await editorLines(page)).toEqual(expect.arrayContaining(['    "1-4": jammed', '    "4-6": cleared']));
    expect(await page.textContent('rs-ruleset-nav button[data-path="rulesets/blue-max/tables-checks.yaml"]')).not.toContain('edited');
    expect(s.errors).toEqual([]);
  });
});
