/**
 * Leaving the code editor with the keyboard. In Monaco, Tab indents, so a person tabbing through
 * the page lands in the editor and each further Tab types into the file. Monaco's way out is its
 * tab focus mode: Ctrl+M (Ctrl+Shift+M on a Mac; `editor.action.toggleTabFocusMode`) switches it
 * for every editor, and while it is on Tab moves the focus instead. This adds:
 * - a hint, shown while the editor has the focus it got from the keyboard (or after Ctrl+M), that
 *   says what Tab does and how to change it;
 * - Esc then Tab: Escape turns on the editor's own `tabFocusMode` option (Monaco reads the option
 *   or the global mode, whichever is on) until the next key that is not Tab or Shift, or until the
 *   editor loses focus, so the Tab right after Escape leaves the editor. Escape still closes what it
 *   closes (suggestions, find): nothing here stops the event.
 */
import type * as Setup from '../../language/monaco-setup.ts';

type Monaco = typeof Setup.monaco;
type Editor = ReturnType<Monaco['editor']['create']>;
type GlobalTabFocus = typeof Setup.TabFocus;

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const TOGGLE_KEYS = MAC ? 'Ctrl+Shift+M' : 'Ctrl+M';

/** What the hint says, by what Tab does now. */
export const TAB_HINTS = {
  indent: `Tab indents; press ${TOGGLE_KEYS} (or Esc then Tab) to move focus out`,
  escape: 'Tab now moves focus out of the editor (any other key types as usual)',
  focus: `Tab moves focus out; press ${TOGGLE_KEYS} to make Tab indent again`,
} as const;

export type TabHint = keyof typeof TAB_HINTS;

/** Wire the editor; `onHint` gets the hint to show (undefined: none). Returns what to dispose. */
export function tabFocusKeys(monaco: Monaco, global: GlobalTabFocus, editor: Editor, onHint: (hint: TabHint | undefined) => void): Array<{ dispose(): void }> {
  const { KeyCode } = monaco;
  /** The last key or pointer press on the page was Tab (so a focus now came from the keyboard). */
  let tabbing = false;
  let escaped = false;
  let shown = false;
  const onKey = (e: KeyboardEvent) => (tabbing = e.key === 'Tab');
  const onPointer = () => (tabbing = false);
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointer, true);
  // Ctrl+M's mode, for every editor (the option, set after Escape, is read by Monaco beside it).
  const focusMode = () => global.getTabFocusMode();
  const show = () => {
    shown = true;
    onHint(escaped ? 'escape' : focusMode() ? 'focus' : 'indent');
  };
  const disarm = () => {
    if (!escaped) return;
    escaped = false;
    editor.updateOptions({ tabFocusMode: false });
  };
  return [
    { dispose: () => (window.removeEventListener('keydown', onKey, true), window.removeEventListener('pointerdown', onPointer, true)) },
    editor.onDidFocusEditorText(() => {
      if (tabbing) show();
    }),
    editor.onDidBlurEditorText(() => {
      disarm();
      shown = false;
      onHint(undefined);
    }),
    editor.onKeyDown((e) => {
      if (e.keyCode === KeyCode.Escape && !focusMode()) {
        escaped = true;
        editor.updateOptions({ tabFocusMode: true });
        if (shown) show();
      } else if (escaped && e.keyCode !== KeyCode.Tab && e.keyCode !== KeyCode.Shift) {
        disarm();
        if (shown) show();
      }
    }),
    // Ctrl+M (Monaco's own action) changed what Tab does: say so, however the focus came.
    global.onDidChangeTabFocus(() => {
      if (editor.hasTextFocus()) show();
    }),
  ];
}
