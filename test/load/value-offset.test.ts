import { describe, expect, test } from 'vitest';
import { expectNoIssues, lines, load, within } from './helpers.ts';

/** Load `actions.a.do: <yaml>` written from line 4, and return the model. */
function script(...yamlLines: string[]) {
  const text = lines('rulesmith: 1', 'actions:', '  a:', ...yamlLines);
  return expectNoIssues(load({ 'f.yaml': text }));
}

const DO = ['actions', 'a', 'do'];

describe('valueOffset / rangeIn', () => {
  test('a plain scalar should map offsets one to one', () => {
    const model = script('    do: log "x"');
    expect(model.data.actions?.a?.do).toBe('log "x"');
    expect(within(model, DO, 0, 3)).toBe('f.yaml:4:9-4:12');
    expect(within(model, DO, 4, 7)).toBe('f.yaml:4:13-4:16');
  });

  test('a single-quoted scalar should map past doubled quotes', () => {
    const model = script("    do: 'it''s a b'");
    expect(model.data.actions?.a?.do).toBe("it's a b");
    expect(within(model, DO, 0, 2)).toBe('f.yaml:4:10-4:12');
    expect(within(model, DO, 5, 6)).toBe('f.yaml:4:16-4:17');
  });

  test('a double-quoted scalar should map without and with escapes', () => {
    const plain = script('    do: "log x"');
    expect(within(plain, DO, 4, 5)).toBe('f.yaml:4:14-4:15');
    const escaped = script('    do: "a\\tb\\u00e9c \\"q\\""');
    expect(escaped.data.actions?.a?.do).toBe('a\tbéc "q"');
    expect(within(escaped, DO, 1, 2)).toBe('f.yaml:4:11-4:13');
    expect(within(escaped, DO, 2, 3)).toBe('f.yaml:4:13-4:14');
    expect(within(escaped, DO, 4, 5)).toBe('f.yaml:4:20-4:21');
    expect(within(escaped, DO, 6, 9)).toBe('f.yaml:4:22-4:27');
  });

  test('a literal block should map every line to its own line and column', () => {
    const model = script(
      '    do: |', //           4
      '      let x = 1', //     5
      '      if x > 0 then', // 6
      '        log "big"', //   7
      '      end', //           8
    );
    const text = String(model.data.actions?.a?.do);
    expect(text).toBe('let x = 1\nif x > 0 then\n  log "big"\nend\n');
    expect(within(model, DO, 0, 3)).toBe('f.yaml:5:7-5:10');
    const log = text.indexOf('log');
    expect(within(model, DO, log, log + 3)).toBe('f.yaml:7:9-7:12');
    const end = text.indexOf('end');
    expect(within(model, DO, end, end + 3)).toBe('f.yaml:8:7-8:10');
  });

  test('a span ending at a line end should stay on that line', () => {
    const model = script('    do: |', '      let x = 1', '      log x');
    expect(within(model, DO, 4, 9)).toBe('f.yaml:5:11-5:16');
    expect(within(model, DO, 4, 10)).toBe('f.yaml:5:11-6:1');
  });

  test('a literal block with an indentation indicator and strip chomping should keep extra indentation', () => {
    const model = script(
      '    do: |2-', //    4
      '        deeper', // 5
      '      x', //        6
      '', //               7
      '      y', //        8
    );
    const text = String(model.data.actions?.a?.do);
    expect(text).toBe('  deeper\nx\n\ny');
    expect(within(model, DO, 2, 8)).toBe('f.yaml:5:9-5:15');
    expect(within(model, DO, text.indexOf('y'), text.indexOf('y') + 1)).toBe('f.yaml:8:7-8:8');
  });

  test('a literal block with keep chomping and a comment on its header should map exactly', () => {
    const model = script('    do: |+  # the script', '      a', '      b', '', 'name: n');
    expect(String(model.data.actions?.a?.do)).toBe('a\nb\n\n');
    expect(within(model, DO, 2, 3)).toBe('f.yaml:6:7-6:8');
  });

  test('a literal block in a file with CRLF line ends should map columns exactly', () => {
    const text = 'rulesmith: 1\r\nactions:\r\n  a:\r\n    do: |\r\n      let x = 1\r\n      log x\r\n';
    const model = expectNoIssues(load({ 'f.yaml': text }));
    expect(model.data.actions?.a?.do).toBe('let x = 1\nlog x\n');
    expect(within(model, DO, 10, 13)).toBe('f.yaml:6:7-6:10');
  });

  test('a folded block should map words to their lines (best effort)', () => {
    const model = script('    do: >', '      log', '      "x"');
    expect(model.data.actions?.a?.do).toBe('log "x"\n');
    expect(within(model, DO, 0, 3)).toBe('f.yaml:5:7-5:10');
    expect(within(model, DO, 4, 7)).toBe('f.yaml:6:7-6:10');
  });

  test('a multi-line plain scalar should map words to their lines (best effort)', () => {
    const model = script('    do: log', '      "x"');
    expect(model.data.actions?.a?.do).toBe('log "x"');
    expect(within(model, DO, 4, 7)).toBe('f.yaml:5:7-5:10');
  });

  test('rangeIn on a value that is not text should fall back to the value range', () => {
    const model = expectNoIssues(load({ 'f.yaml': lines('rulesmith: 1', 'players: {min: 2, max: 4}') }));
    expect(within(model, ['players', 'min'], 0, 1)).toBe('f.yaml:2:16-2:17');
  });
});
