import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT, openBrowser, useServedApp, serveDist, type Session } from './harness.ts';
import { cursorLine, editorLines, goToLine, newVariant, openPath, paste, pickGame, problems, tokenColor, waitForChecks, waitForEditor, waitForLine, waitForSaved } from './editor-page.ts';

const GAME = 'battle-of-seattle';
const TRACKS = `rulesets/${GAME}/tracks.yaml`;
const TRACK_LINE = readFileSync(join(ROOT, TRACKS), 'utf8').split('\n').indexOf('  exposure_protesters:') + 1;
const CHANGE = 'set: { tracks.exposure_authority.initial: 25 }';


// Runs in Chromium (the repository's type check has no DOM library).
declare const getComputedStyle: (el: unknown) => { backgroundColor: string; outlineStyle: string };
describe('variants', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;
  let shareLink = '';

  useServedApp('variants', (srv, session) => {
    server = srv;
    s = session;
  });

  test('a new variant with a changed number should survive a reload and show in the diff', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, GAME);
    await newVariant(page, 'Lenient authority');
    await s.shot('new-variant');
    const notice = () => page.textContent('rs-app .rs-notice');
    expect(await notice()).toBe('Created lenient-authority.yaml: it extends the base ruleset and changes nothing yet.');
    const lines = await editorLines(page);
    expect(lines).toContain('extends: ../ruleset.yaml');
    expect(lines).toContain('rulesmith: 1');

    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(CHANGE);
    await waitForSaved(page);
    await waitForChecks(page);
    // The notice spoke of the variant as created ("changes nothing yet"): an edit makes it untrue, so it goes.
    expect(await notice()).toBe('');
    expect((await problems(page)).filter((p) => p.file.includes('/variants/'))).toEqual([]);
    await s.shot('changed-number');

    // Another variant's notice goes when a different ruleset is shown, and with another game.
    await newVariant(page, 'Stale notice');
    expect(await notice()).toContain('Created stale-notice.yaml');
    await page.click('rs-ruleset-nav button[data-entry$="lenient-authority.yaml"]');
    await expect.poll(() => openPath(page)).toBe(`rulesets/${GAME}/variants/lenient-authority.yaml`);
    expect(await notice()).toBe('');
    await page.click('rs-ruleset-nav button[data-entry$="stale-notice.yaml"]');
    page.once('dialog', (d) => void d.accept());
    await page.click('rs-file-toolbar >> text=Delete variant');
    await expect.poll(notice).toBe('Deleted stale-notice.yaml.');
    await pickGame(page, 'dragut');
    expect(await notice()).toBe('');
    await pickGame(page, GAME);
    await page.click('rs-ruleset-nav button[data-entry$="lenient-authority.yaml"]');

    await page.reload();
    await waitForEditor(page);
    await waitForLine(page, CHANGE);
    expect(await page.textContent('rs-file-toolbar >> .path')).toBe(`rulesets/${GAME}/variants/lenient-authority.yaml`);
    await s.shot('after-reload');

    await page.click('rs-app >> button[data-view="diff"]');
    await page.waitForSelector('rs-variant-diff >> article[data-element="tracks.exposure_authority"]');
    const card = await page.textContent('rs-variant-diff >> article[data-element="tracks.exposure_authority"]');
    expect(card).toContain('changed');
    expect(card).toMatch(/- initial: (?!25\b)\d+/);
    expect(card).toContain('+ initial: 25');
    // A line longer than the card (its description, in a narrow window) wraps inside it: nothing is cut off to the right.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 700, height: viewport.height });
    const pre = page.locator('rs-variant-diff article[data-element="tracks.exposure_authority"] pre');
    expect(await pre.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.setViewportSize(viewport);
    await s.shot('diff');
    expect(s.errors).toEqual([]);
  });

  test('a script in a variant should be highlighted as the rules language', async () => {
    const { page } = s;
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    // Pasted, so Monaco's auto-indent keeps the block as written.
    // An action's choice written inline is a script too, though its key is the designer's name.
    const script = ['procedures:', '  dawn_raid:', '    do: |', '      let strength = 2d6 + exposure_protesters', '      log "raid of {strength}"',
      'actions:', '  dawn_march:', '    params:', '      crowd: select u in pieces where u.side == protesters', '    do: log "march"', ''].join('\n');
    await paste(page, script);
    await waitForChecks(page);
    await s.shot('script');
    const color = { dice: await tokenColor(page, '2d6'), keyword: await tokenColor(page, 'let'), choice: await tokenColor(page, 'select') };
    expect(color.dice).toBe('rgb(181, 32, 13)');
    expect(color.keyword).toBe('rgb(175, 0, 219)');
    expect(color.choice).toBe(color.keyword);
  });

  test('names in scripts should complete, and go to their definition with F12', async () => {
    const { page } = s;
    // Complete `expo…` on a new script line.
    await goToLine(page, (await editorLines(page)).indexOf('      log "raid of {strength}"') + 1, 32);
    await page.keyboard.press('Enter');
    await page.keyboard.type('let e = expo');
    await page.keyboard.press('Control+Space');
    const suggest = page.locator('.suggest-widget .monaco-list-row');
    await suggest.first().waitFor();
    const labels = await suggest.allTextContents();
    await s.shot('completion');
    expect(labels.some((l) => l.includes('exposure_protesters') && l.includes('track'))).toBe(true);
    await page.keyboard.press('Escape');
    // A keyword typed whole, then Enter: a new line, not the suggestion taken again in place (a
    // walk got `end` and the next line run together).
    const before = await editorLines(page);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('end');
    // Shown as typed (Ctrl+Space asks for the list on purpose, and then Enter takes it).
    await expect.poll(() => suggest.allTextContents()).toContainEqual(expect.stringContaining('end'));
    await page.keyboard.press('Enter');
    await page.keyboard.type('x');
    await expect.poll(async () => (await editorLines(page)).map((l) => l.trim()).join('|')).toContain('let e = expo|end|x');
    for (let i = 0; i < 8 && (await editorLines(page)).join('\n') !== before.join('\n'); i++) await page.keyboard.press('Control+z');
    expect(await editorLines(page)).toEqual(before);

    // F12 on `exposure_protesters` opens tracks.yaml at its key.
    const line = (await editorLines(page)).findIndex((l) => l.includes('2d6 + exposure_protesters')) + 1;
    await goToLine(page, line, 34);
    // Hover (Ctrl+K Ctrl+I) tells what the name is.
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Control+i');
    await expect.poll(() => page.locator('.monaco-hover').allTextContents()).toContainEqual(expect.stringContaining('track exposure_protesters — Protester Exposure'));
    // Alone: not followed by the schema's words for the `do:` key the script sits under (they
    // came from monaco-yaml's worker, a moment after the name's own hover).
    await page.waitForTimeout(1000);
    expect((await page.locator('.monaco-hover').allTextContents()).join(' ')).not.toContain('ruleset.schema.json');
    await s.shot('hover');
    await page.keyboard.press('Escape');
    await page.keyboard.press('F12');
    await expect.poll(() => openPath(page)).toBe(TRACKS);
    await expect.poll(() => cursorLine(page)).toBe(TRACK_LINE);
    await s.shot('definition');
    // Shift+F12 at the key: where the scripts use it, in a peek of its own, from the other files too.
    await page.keyboard.press('Shift+F12');
    const peek = page.locator('.peekview-widget');
    await expect.poll(() => peek.locator('.peekview-title').textContent(), { timeout: 15_000 }).toMatch(/References \(\d+\)/);
    const files = (await peek.locator('.ref-tree .monaco-list-row').allTextContents()).join(' | ');
    expect(files).toContain('procedures-end-turn.yaml');
    await s.shot('references');
    await page.keyboard.press('Escape');
    await page.click('rs-ruleset-nav button[data-entry$="lenient-authority.yaml"]');
    await expect.poll(() => openPath(page)).toContain('lenient-authority.yaml');
  });

  test('sharing a variant should give a link that opens it in another browser', async () => {
    const { page } = s;
    await page.click('rs-file-toolbar >> text=Share link');
    await page.waitForSelector('rs-file-toolbar >> dialog[open]');
    shareLink = await page.inputValue('rs-file-toolbar >> #share-link');
    expect(shareLink).toMatch(/#share=[A-Za-z0-9_-]+$/);
    // Copy link says it copied (the clipboard holds the link).
    expect(await page.textContent('rs-file-toolbar .copy-status')).toBe('');
    await page.click('rs-file-toolbar button[data-action="copy-link"]');
    await expect.poll(() => page.textContent('rs-file-toolbar .copy-status')).toBe('Copied');
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(shareLink);
    await s.shot('share-dialog');
    await page.keyboard.press('Escape');

    const other = await openBrowser('shared-link');
    try {
      await other.page.goto(shareLink);
      await waitForEditor(other.page);
      await waitForLine(other.page, CHANGE);
      expect(await other.page.textContent('rs-file-toolbar >> .path')).toBe(`rulesets/${GAME}/variants/lenient-authority.yaml`);
      expect(await other.page.inputValue('rs-ruleset-nav >> select#game')).toBe(GAME);
      expect(await other.page.textContent('rs-ruleset-nav >> button[aria-current="true"][data-entry]')).toContain('Lenient authority');
      expect(other.page.url()).not.toContain('#share=');
      await other.shot('opened');
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  test('a variant should download as YAML and import back from a file', async () => {
    const { page } = s;
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('rs-file-toolbar >> text=Download')]);
    expect(download.suggestedFilename()).toBe('lenient-authority.yaml');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain(CHANGE);

    // It has lenient-authority.yaml's id: the editor offers a new one (here declined) and says so.
    const asked = new Promise<string>((ok) => page.once('dialog', (d) => (ok(d.message()), void d.dismiss())));
    await page.locator('rs-ruleset-nav #import').setInputFiles({ name: 'Imported Night.yaml', mimeType: 'application/yaml', buffer: Buffer.from(text.replace('25 }', '21 }')) });
    expect(await asked).toMatch(/^Imported Night\.yaml has the id battle_of_seattle_lenient_authority, as lenient-authority\.yaml has already: .* Give the imported copy the new id battle_of_seattle_lenient_authority_2\?/);
    await expect.poll(() => openPath(page)).toBe(`rulesets/${GAME}/variants/imported-night.yaml`);
    expect(await page.textContent('rs-app .rs-notice')).toBe('Imported Imported Night.yaml as imported-night.yaml. It has the id battle_of_seattle_lenient_authority of lenient-authority.yaml: the list tells them apart by file name.');
    await waitForLine(page, 'set: { tracks.exposure_authority.initial: 21 }');
    await s.shot('imported');
    // The base, its three shipped variants and the two made here.
    expect(await page.locator('rs-ruleset-nav button[data-entry]').count()).toBe(6);
  });

  test("a shipped variant's changed table should show as a grid with its changed cells highlighted", async () => {
    const { page } = s;
    // Still on this game from the tests above (the page remembers its last view, so no reload).
    await page.click('rs-ruleset-nav button[data-entry$="no-dispersal.yaml"]');
    await page.click('rs-app >> button[data-view="diff"]');
    const grid = page.locator('rs-variant-diff article[data-element="tables.crt"] table.grid-diff');
    await grid.waitFor();
    expect(await grid.locator('caption').textContent()).toContain('4 cells changed');
    const changed = await grid.locator('td[data-changed="true"]').evaluateAll((tds) => tds.map((td) => `${td.closest('tr')!.getAttribute('data-row')}/${td.getAttribute('data-column')} ${td.textContent!.replace(/\s+/g, ' ').trim()}`));
    expect(changed).toEqual(['5/16+ X N', '6/7-10 X N', '6/11-15 X N', '6/16+ X N']);
    // The base value is struck through; the cell is outlined.
    expect(await grid.locator('td[data-changed="true"] del').count()).toBe(4);
    expect(await grid.locator('td[data-changed="true"] >> nth=0').evaluate((td) => getComputedStyle(td).outlineStyle)).toBe('solid');
    expect(await grid.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row')))).toEqual(['1', '2', '3', '4', '5', '6']);
    // The odds that moved, per changed column: in 16+ Dispersal (X) goes from 1/3 to nothing, No effect (N) takes it.
    const odds = page.locator('rs-variant-diff article[data-element="tables.crt"] .odds-diff');
    expect(await odds.locator('table').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-column')))).toEqual(['7-10', '11-15', '16+']);
    const column16 = await odds.locator('table[data-column="16+"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent!.replace(/\s+/g, ' ').trim()));
    expect(column16).toEqual(['N 0 (0%) 1/3 (33.3%) +33.3 pts', 'VM 1/3 (33.3%) 1/3 (33.3%) =', 'A 1/3 (33.3%) 1/3 (33.3%) =', 'X 1/3 (33.3%) 0 (0%) −33.3 pts']);
    // The view scrolls inside its area: it ends where the Problems panel begins, not over it.
    const view = (await page.locator('rs-variant-diff').boundingBox())!;
    const problems = (await page.locator('rs-problems-panel').boundingBox())!;
    expect(view.y + view.height).toBeLessThanOrEqual(problems.y + 0.5);
    await s.shot('grid-diff');
    // The rules the change reaches: each a link to where it is used.
    const usedBy = page.locator('rs-variant-diff article[data-element="tables.crt"] .used-by:not(.reaches)');
    expect((await usedBy.textContent())?.replace(/\s+/g, ' ').trim()).toBe('Used by procedure resolve_combat, odds question attack_at_3, odds question attack_at_8, odds question removal_at_8');
    expect(await page.textContent('rs-variant-diff article[data-element="tables.crt"] .reaches')).toBe('And through them: action declare_attack');
    await usedBy.locator('button', { hasText: 'resolve_combat' }).click();
    await expect.poll(() => openPath(page)).toBe('rulesets/battle-of-seattle/procedures-combat.yaml');
    await expect.poll(() => cursorLine(page)).toBe(164);
    // Back to the Diff view, for the test below.
    await page.click('rs-app >> button[data-view="diff"]');
    expect(s.errors).toEqual([]);
  });

  test("the odds questions the rules keep should show in a shipped variant's diff, base and variant side by side", async () => {
    const { page } = s;
    // Still the no-Dispersal variant's Diff view from the test above.
    const section = page.locator('rs-variant-diff section.questions');
    await section.waitFor();
    expect(await section.locator('table').evaluateAll((ts) => ts.map((t) => t.getAttribute('data-question')))).toEqual(['attack_at_3', 'attack_at_8', 'removal_at_8']);
    await expect.poll(() => section.locator('[role="status"]').textContent(), { timeout: 30_000 }).toBe('2 of 3 moved by the variant.');
    const rows = (id: string) => section.locator(`table[data-question="${id}"] tbody tr`).evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent!.replace(/\s+/g, ' ').trim()).join(' ')));
    // Die 6 at 7-10 reads N, not X: a removal at strength 8 halves, from 1/3 to 1/6.
    expect(await rows('removal_at_8')).toEqual(['false 2/3 (66.7%) 5/6 (83.3%) +16.7 pts', 'true 1/3 (33.3%) 1/6 (16.7%) −16.7 pts']);
    expect(await rows('attack_at_8')).toEqual(['N 1/3 (33.3%) 1/2 (50.0%) +16.7 pts', 'VM 1/3 (33.3%) 1/3 (33.3%) =', 'A 1/6 (16.7%) 1/6 (16.7%) =', 'X 1/6 (16.7%) 0 (0%) −16.7 pts']);
    // The 2-3 column has no X: nothing moves, and the question says so.
    expect(await section.locator('table[data-question="attack_at_3"] tr.moved').count()).toBe(0);
    expect(await section.locator('table[data-question="removal_at_8"] caption').textContent()).toContain('crt[1d6, 8] in ["A", "X"]');
    await section.scrollIntoViewIfNeeded();
    await s.shot('diff-odds-questions');
    expect(s.errors).toEqual([]);
  });

  test("typing in a base game's file while a variant is selected should say every variant changes, once per file", async () => {
    const { page } = s;
    await page.click('rs-ruleset-nav button[data-entry$="lenient-authority.yaml"]');
    await page.click('rs-app >> button[data-view="edit"]');
    await expect.poll(() => openPath(page)).toBe(`rulesets/${GAME}/variants/lenient-authority.yaml`);
    const notice = page.locator('rs-base-edit-notice');
    // Typing in the variant itself says nothing.
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('# mine');
    await waitForSaved(page);
    expect(await notice.count()).toBe(0);

    await page.click(`rs-ruleset-nav button[data-path="${TRACKS}"]`);
    await expect.poll(() => openPath(page)).toBe(TRACKS);
    // Opening a base file says nothing yet; typing in it does.
    expect(await notice.count()).toBe(0);
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('# a note');
    await waitForSaved(page);
    await notice.waitFor();
    expect((await notice.locator('p').textContent())!.replace(/\s+/g, ' ').trim()).toContain(
      "You are editing The Battle of Seattle's own file tracks.yaml: every variant of it changes. To change it only in Lenient authority, use the table grid (Tables & decks) or a set: entry in lenient-authority.yaml. Revert to shipped takes this file back.",
    );
    // The variant stays the ruleset selected; the notice is there while the file is.
    expect(await page.textContent('rs-ruleset-nav >> button[aria-current="true"][data-entry]')).toContain('Lenient authority');
    await s.shot('base-edit-notice');
    await page.click('rs-base-edit-notice button[data-action="dismiss"]');
    expect(await notice.count()).toBe(0);
    // Once per file: more typing in it says nothing again.
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.type(' more');
    await waitForSaved(page);
    expect(await notice.count()).toBe(0);

    // Another base file says it again, and its button opens the variant's file.
    const base = `rulesets/${GAME}/ruleset.yaml`;
    await page.click(`rs-ruleset-nav button[data-path="${base}"]`);
    await expect.poll(() => openPath(page)).toBe(base);
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('# a note');
    await notice.waitFor();
    expect(await notice.locator('p').textContent()).toContain('own file ruleset.yaml');
    await page.click('rs-base-edit-notice button[data-action="open-variant"]');
    await expect.poll(() => openPath(page)).toBe(`rulesets/${GAME}/variants/lenient-authority.yaml`);
    expect(await notice.count()).toBe(0);

    // Put the shipped files back.
    for (const path of [TRACKS, base]) {
      await page.click(`rs-ruleset-nav button[data-path="${path}"]`);
      page.once('dialog', (d) => void d.accept());
      await page.click('rs-file-toolbar >> text=Revert to shipped');
      await expect.poll(() => page.locator(`rs-ruleset-nav button[data-path="${path}"] .badge`).count()).toBe(0);
    }
    expect(s.errors).toEqual([]);
  });

  test("Rename should change the variant's name: where it is listed and in its file, which keeps its name; Ctrl+Z takes it back", async () => {
    const { page } = s;
    const variant = `rulesets/${GAME}/variants/lenient-authority.yaml`;
    await page.click('rs-ruleset-nav button[data-entry$="/lenient-authority.yaml"]');
    await page.click('rs-app >> button[data-view="edit"]');
    await expect.poll(() => openPath(page)).toBe(variant);
    const asked = new Promise<string>((ok) => page.once('dialog', (d) => (ok(`${d.type()} ${d.message()} [${d.defaultValue()}]`), void d.accept('Gentle police'))));
    await page.click('rs-file-toolbar button[data-action="rename"]');
    expect(await asked).toBe('prompt New name of the variant Lenient authority (lenient-authority.yaml): [Lenient authority]');
    await expect.poll(() => page.textContent(`rs-ruleset-nav button[data-entry="${variant}"] .label`)).toContain('Gentle police');
    expect(await page.textContent('rs-app .rs-notice')).toBe('Renamed Lenient authority to Gentle police (the name: in lenient-authority.yaml; the file keeps its name). Ctrl+Z in the file takes it back.');
    await waitForLine(page, 'name: "The Battle of Seattle – Gentle police"');
    await waitForSaved(page);
    expect(await openPath(page)).toBe(variant);
    await s.shot('renamed');
    // Undo in the file takes the rename back, like any edit.
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.textContent(`rs-ruleset-nav button[data-entry="${variant}"] .label`)).toContain('Lenient authority');
    expect(s.errors).toEqual([]);
  });
});
