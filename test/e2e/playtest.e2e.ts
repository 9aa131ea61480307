import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cursorLine, openPath, paste, pickGame, tabThrough, waitForChecks, waitForEditor } from './editor-page.ts';
import { gameStatus, importFixture, logTexts, newGame, openPlaytest, prompt, setSeats, strokeDash, waitForPrompt } from './game-page.ts';
import { ROOT, openBrowser, serveDist, type Session } from './harness.ts';

const MARCH = readFileSync(join(ROOT, 'test/fixtures/editor/march/ruleset.yaml'), 'utf8').split('\n');
const CHOOSE_DEST_LINE = MARCH.findIndex((l) => l.includes('let dest = choose one of neighbours')) + 1;

describe('playtest', () => {
  let server: Awaited<ReturnType<typeof serveDist>>;
  let s: Session;
  let tmp: string;

  beforeAll(async () => {
    server = await serveDist();
    s = await openBrowser('playtest');
    tmp = mkdtempSync(join(tmpdir(), 'rulesmith-e2e-replay-'));
  });
  afterAll(async () => {
    await s?.close();
    await server?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('a Battle of Seattle game with two bots should reach the end, and its replay should verify with `rulesmith replay`', async () => {
    const { page } = s;
    await page.goto(server.url);
    await waitForEditor(page);
    await pickGame(page, 'battle-of-seattle');
    await openPlaytest(page);
    await setSeats(page, { p1: 'bot', p2: 'bot' }, 0);
    await s.shot('bos-setup');
    const started = Date.now();
    await newGame(page);
    await expect.poll(() => gameStatus(page), { timeout: 150_000, interval: 250 }).toContain('Game over');
    console.log(`Battle of Seattle, two bots at full speed: ${Date.now() - started} ms to the end (${await gameStatus(page)})`);
    await s.shot('bos-game-over');
    expect(await page.locator('rs-game-board .area').count()).toBeGreaterThan(10);
    expect(await page.locator('rs-game-board .zone').count()).toBeGreaterThan(2);
    expect(await page.locator('rs-game-log .kind-roll').count()).toBeGreaterThan(0);
    // The rules' bookkeeping (tables read without a roll) waits behind Details; moves name their places.
    const details = page.locator('rs-game-log label.details input');
    expect(await details.isChecked()).toBe(false);
    expect(await page.locator('rs-game-log li.detail').count()).toBe(0);
    const moves = await page.locator('rs-game-log li.kind-move .text').allTextContents();
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.filter((t) => /→ [a-z0-9_]+$/.test(t.trim()))).toEqual([]);
    await details.check();
    expect(await page.locator('rs-game-log li.detail').count()).toBeGreaterThan(0);
    await details.uncheck();

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('rs-playtest-view button[data-action="download-replay"]')]);
    const file = join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const replay = JSON.parse(readFileSync(file, 'utf8'));
    expect(replay).toMatchObject({ format: 'rulesmith-replay', version: 1, ruleset: 'rulesets/battle-of-seattle', setup: { seed: '1', players: 2 } });
    expect(replay.decisions.length).toBeGreaterThan(50);
    const out = execFileSync('npx', ['rulesmith', 'replay', file], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toContain(`replay verified: ${replay.decisions.length} decisions`);
    expect(out).toContain('rulesets/battle-of-seattle on disk has the same rules');
    // The replay carries its rules, so it verifies where no ruleset is on disk (a browser-only variant's case).
    expect(Object.keys(replay.files)).toContain('rulesets/battle-of-seattle/ruleset.yaml');
    const alone = execFileSync(process.execPath, [join(ROOT, 'bin/rulesmith.js'), 'replay', file], { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(alone).toMatch(new RegExp(`^replay verified: ${replay.decisions.length} decisions, \\d+ rounds, result `));

    // Loading it back replays the same game to the same end.
    await page.locator('rs-playtest-view #replay-file').setInputFiles(file);
    await expect.poll(() => page.locator('rs-playtest-view .notices').textContent()).toContain(`${replay.decisions.length} decisions`);
    await expect.poll(() => gameStatus(page)).toContain(`${replay.decisions.length} decisions`);
    expect(await gameStatus(page)).toContain('Game over');
    await s.shot('bos-replay-loaded');
    expect(s.errors).toEqual([]);
  }, 240_000);

  test('a person should answer by clicking pieces and areas on the board; secret choices stay hidden from the other seat; undo goes back one answer', async () => {
    const { page } = s;
    const path = await importFixture(page, 'dragut', 'march');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Which unit marches?');
    expect(await page.locator('rs-game-board g.piece.option').count()).toBe(2);
    await s.shot('march-pick-a-piece');
    await page.click('rs-game-board g.piece.option[data-piece="north_foot_1"]');
    await waitForPrompt(page, 'March where?');
    const places = await page.locator('rs-game-board g.place.option').evaluateAll((els) => els.map((e) => e.getAttribute('data-place')).sort());
    expect(places).toEqual(['ford', 'hill']);
    await s.shot('march-areas-highlighted');
    const clicked = Date.now();
    await page.click('rs-game-board g.place.option[data-place="hill"]');
    await expect.poll(() => logTexts(page), { interval: 10 }).toContain('North: March where? → Hill');
    console.log(`a board click answered and redrawn in ${Date.now() - clicked} ms (worker round trip included)`);
    expect(await page.locator('rs-game-board g.area[data-place="hill"] g.piece[data-piece="north_foot_1"]').count()).toBe(1);
    await s.shot('march-moved');

    // South's turn, with the keyboard: a piece, then an area, each focused and answered with Enter.
    await waitForPrompt(page, 'Which unit marches?');
    expect(await page.inputValue('rs-playtest-view #seat')).toBe('p2');
    await page.focus('rs-game-board g.piece.option >> nth=0');
    await page.keyboard.press('Enter');
    await waitForPrompt(page, 'March where?');
    await page.focus('rs-game-board g.place.option >> nth=0');
    await s.shot('march-keyboard-focus');
    await page.keyboard.press('Enter');

    // The secret plan: the other seat sees only that someone is choosing.
    await waitForPrompt(page, 'Secret plan');
    const decider = await page.inputValue('rs-playtest-view #seat');
    await page.selectOption('rs-playtest-view #seat', decider === 'p1' ? 'p2' : 'p1');
    await expect.poll(() => prompt(page)).toBe('');
    expect(await page.textContent('rs-decision-panel .waiting')).toContain('a secret choice');
    await s.shot('march-secret-hidden');
    await page.selectOption('rs-playtest-view #seat', decider);
    await waitForPrompt(page, 'Secret plan');
    const before = await gameStatus(page);
    await page.click('rs-decision-panel button[data-option="0"]');
    await expect.poll(() => gameStatus(page)).not.toBe(before);
    await page.click('rs-playtest-view button[data-action="undo"]');
    await expect.poll(() => gameStatus(page)).toBe(before);
    await waitForPrompt(page, 'Secret plan');
    await s.shot('march-undone');
    await page.click('rs-decision-panel button[data-option="1"]');
    // Following the deciding seat again: the view moves to whoever must answer.
    await page.check('rs-playtest-view .seat input[type="checkbox"]');
    await expect.poll(() => page.inputValue('rs-playtest-view #seat')).toBe(decider === 'p1' ? 'p2' : 'p1');
    await waitForPrompt(page, 'Secret plan');
    await page.click('rs-decision-panel button[data-option="0"]');

    // A number, in a number field; then up to two areas, toggled on the board and confirmed.
    await waitForPrompt(page, 'Bid for the flag');
    await page.fill('rs-decision-panel #number', '2');
    await page.keyboard.press('Enter');
    await waitForPrompt(page, 'Watch which areas?');
    await page.click('rs-game-board g.place.option[data-place="ford"]');
    await page.click('rs-game-board g.place.option[data-place="hill"]');
    expect(await page.locator('rs-game-board g.place.option.selected').count()).toBe(2);
    expect(await page.textContent('rs-decision-panel button.primary')).toContain('Confirm (2 chosen)');
    await s.shot('march-several-areas');
    await page.click('rs-decision-panel button.primary');
    await expect.poll(() => logTexts(page)).toContainEqual(expect.stringMatching(/Watch which areas\? → (Hill, Ford|Ford, Hill)/));
    expect(await logTexts(page)).toContain('North: Bid for the flag → 2');

    // A log entry opens its script line beside the game, with its provenance.
    await page.click('rs-game-log button.entry:has-text("North: March where? → Hill")');
    await expect.poll(() => openPath(page)).toBe(path);
    await expect.poll(() => cursorLine(page)).toBe(CHOOSE_DEST_LINE);
    expect(await page.isVisible('rs-playtest-view')).toBe(true);
    expect(await page.textContent('rs-app .rs-notice')).toContain('Log entry');
    await s.shot('march-log-to-script');
    expect(s.errors).toEqual([]);
  });

  test('while the ruleset has errors the playtest should keep the last version that compiled, and say so', async () => {
    const { page } = s;
    await page.click('rs-app .rs-hide-beside');
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('flow: 3\n');
    await page.click('rs-app >> button[data-view="playtest"]');
    await page.locator('rs-playtest-view [data-stale]').waitFor({ timeout: 30_000 });
    expect(await page.textContent('rs-playtest-view [data-stale]')).toContain('last version that compiled');
    await newGame(page);
    await waitForPrompt(page, 'Which unit marches?');
    await s.shot('stale-rules');
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-code-editor .view-lines');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    await page.click('rs-app >> button[data-view="playtest"]');
    await page.locator('rs-playtest-view [data-stale]').waitFor({ state: 'detached', timeout: 30_000 });
  });

  test("a playtest should say at once when one of the ruleset's invariants stops holding, as declared", async () => {
    const { page } = s;
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+End');
    // A designer's law that holds only before the first round: broken as soon as play begins.
    await paste(page, ['invariants:', '  before_play:', '    check: turn < 1', '    message: "Still turn {turn}: nobody has played"', ''].join('\n'));
    await waitForChecks(page);
    await page.click('rs-app >> button[data-view="playtest"]');
    await newGame(page);
    const notice = page.locator('rs-playtest-view [data-invariant="before_play"]');
    await notice.waitFor({ timeout: 30_000 });
    // The message as written: its values are read from the whole game, which a seat may not see.
    expect(await notice.textContent()).toContain('Invariant before_play does not hold now: Still turn {turn}: nobody has played');
    await s.shot('invariant-broken');
    await page.click('rs-app >> button[data-view="edit"]');
    await page.click('rs-code-editor .view-lines');
    await page.keyboard.press('Control+z');
    await waitForChecks(page);
    await page.click('rs-app >> button[data-view="playtest"]');
    await newGame(page);
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
  });

  test('a hex grid should show its pieces with their facing, and a hex should answer by click', async () => {
    const { page } = s;
    await importFixture(page, 'blue-max', 'hex');
    await openPlaytest(page);
    await setSeats(page, { p1: 'human', p2: 'human' });
    await newGame(page);
    await waitForPrompt(page, 'Drive where?');
    expect(await page.locator('rs-game-board g.hex').count()).toBe(48);
    const facings = await page.locator('rs-game-board g.piece').evaluateAll((els) => Object.fromEntries(els.map((e) => [e.getAttribute('data-piece'), e.getAttribute('data-facing')])));
    expect(facings).toEqual({ red_tank_1: '1', red_tank_2: '2', blue_tank_1: '4', blue_tank_2: '5' });
    // Flat tops, facings from north: 1 points north-east (-30°), 4 south (90°).
    expect(await page.getAttribute('rs-game-board g.piece[data-piece="red_tank_1"] g.facing', 'transform')).toBe('rotate(-30)');
    expect(await page.getAttribute('rs-game-board g.piece[data-piece="blue_tank_1"] g.facing', 'transform')).toBe('rotate(150)');
    expect(await page.textContent('rs-game-board g.hex[data-place="hex:2,2"] .hex-label')).toBe('0202');
    await s.shot('hex-facings');
    // Every control and the highlighted hexes are reached with Tab, and show where the focus is.
    await page.focus('rs-playtest-view button[data-action="start"]');
    const seen = await tabThrough(page, 30);
    for (const f of seen.filter((x) => /^(button|select|input)\|/.test(x))) expect(f.split('|')[2], f).not.toBe('none');
    expect(seen).toContain('g|Choose hex 0302|none');
    await page.focus('rs-game-board g.hex.option[data-place="hex:3,2"]');
    expect(await strokeDash(page, 'rs-game-board g.hex.option[data-place="hex:3,2"] .shape')).not.toBe('none');
    // Red's first tank may drive north, north-east or south-east; south-east turns it to facing 2.
    expect(await page.locator('rs-game-board g.hex.option').evaluateAll((els) => els.map((e) => e.getAttribute('data-place')).sort())).toEqual(['hex:2,1', 'hex:3,1', 'hex:3,2']);
    await page.click('rs-game-board g.hex.option[data-place="hex:3,2"]');
    await expect.poll(() => page.getAttribute('rs-game-board g.piece[data-piece="red_tank_1"]', 'data-facing')).toBe('2');
    expect(await page.getAttribute('rs-game-board g.piece[data-piece="red_tank_1"] g.facing', 'transform')).toBe('rotate(30)');
    await expect.poll(() => logTexts(page)).toContainEqual(expect.stringContaining('Drive where? → hex 0302'));
    await s.shot('hex-driven');
    expect(s.errors).toEqual([]);
  });

  test('an option that matters only with another should be greyed at its default, and apply once the other is on', async () => {
    const { page } = s;
    // Run alone (`-t`), the page is not open yet; after the others it is, on the Playtest view.
    if (!page.url().startsWith(server.url)) {
      await page.goto(server.url);
      await waitForEditor(page);
    }
    await pickGame(page, 'blue-max');
    // The base game: the test above left its imported variant open.
    await page.click('rs-ruleset-nav button[data-entry="rulesets/blue-max/ruleset.yaml"]');
    await openPlaytest(page);
    const setup = page.locator('rs-playtest-view details.setup');
    if ((await setup.getAttribute('open')) === null) await page.click('rs-playtest-view details.setup > summary');
    const options = page.locator('rs-playtest-view rs-game-setup details.options');
    if ((await options.getAttribute('open')) === null) await page.click('rs-playtest-view rs-game-setup details.options > summary');
    const reload = page.locator('rs-playtest-view rs-game-setup select[name="option-lewis_reload"]');
    const lewis = page.locator('rs-playtest-view rs-game-setup input[name="option-opt_lewis"]');
    // Each optional rule's readings follow its checkbox, on a line of their own.
    expect(await page.locator('rs-playtest-view rs-game-setup .option-group').count()).toBe(3);
    const names = await page.locator('rs-playtest-view rs-game-setup .option-list [name^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('name')!.slice('option-'.length)));
    expect(names.slice(0, 9)).toEqual(['opt_lewis', 'lewis_positions', 'lewis_reload', 'opt_observer', 'observer_fire_model', 'observer_acts_while_spinning', 'opt_altitude', 'spin_alt_loss_phase', 'glide_to_ground']);
    expect(await reload.isDisabled()).toBe(true);
    expect(await reload.inputValue()).toBe('declared');
    const label = page.locator('rs-playtest-view rs-game-setup label', { has: page.locator('select[name="option-lewis_reload"]') });
    expect(await label.textContent()).toContain('(with Lewis guns)');
    expect(await label.getAttribute('title')).toMatch(/^Only with Lewis guns\ndeclared: the pilot declares it secretly[^\n]*\nRECOMMENDED reading \(default\) is `declared`\.\nRulebook: IT L1063/);
    await s.shot('option-greyed');
    await lewis.check();
    await expect.poll(() => reload.isDisabled()).toBe(false);
    await reload.selectOption('automatic');
    expect(await label.textContent()).not.toContain('(with');
    // A value reads with spaces (`fire helper`); the select keeps the value the rules read.
    const fire = page.locator('rs-playtest-view rs-game-setup select[name="option-fire_extinguish_helper"]');
    expect(await fire.locator('option').evaluateAll((os) => os.map((o) => [o.getAttribute('value'), o.textContent]))).toEqual([['sideslip', 'sideslip'], ['fire_helper', 'fire helper']]);
    // Off again: greyed at the default, the choice kept for when Lewis guns are back on.
    await lewis.uncheck();
    await expect.poll(() => reload.inputValue()).toBe('declared');
    await lewis.check();
    await expect.poll(() => reload.inputValue()).toBe('automatic');
    await s.shot('option-applies');
    expect(s.errors).toEqual([]);
  });
});
