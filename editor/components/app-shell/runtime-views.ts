/**
 * The views that run games (issue 5): Playtest, Scenarios and Simulate. Their code loads when a
 * view is first shown (the first load stays small); once shown, a view stays mounted and hidden,
 * so a game in progress survives a trip to the editor.
 */
import { html, nothing } from 'lit';
import type { ViewId } from '../../events.ts';

export type RuntimeViewId = Extract<ViewId, 'playtest' | 'scenarios' | 'simulate'>;

const loaders: Record<RuntimeViewId, () => Promise<unknown>> = {
  playtest: () => import('../playtest-view/playtest-view.ts'),
  scenarios: () => import('../scenarios-view/scenarios-view.ts'),
  simulate: () => import('../simulate-view/simulate-view.ts'),
};

export function isRuntimeView(view: ViewId): view is RuntimeViewId {
  return view in loaders;
}

/** Load a view's code (once; the module registers its element). */
export function loadRuntimeView(view: RuntimeViewId): Promise<unknown> {
  return loaders[view]();
}

export interface RuntimeViewProps {
  view: ViewId;
  mounted: ReadonlySet<RuntimeViewId>;
  files: Readonly<Record<string, string>>;
  game: string;
  entry: string;
  /** Variants of the game and the base entry, for scenario lists and comparisons. */
  variants: readonly string[];
  base: string;
  /** Grows each time the playtest is asked to start a new game when it can. */
  playtestStarts: number;
}

export function renderRuntimeViews(p: RuntimeViewProps) {
  const shown = (id: RuntimeViewId) => p.view === id;
  return html`
    ${p.mounted.has('playtest')
      ? html`<rs-playtest-view class="rs-runtime" ?hidden=${!shown('playtest')} ?active=${shown('playtest')} .files=${p.files} entry=${p.entry} .starts=${p.playtestStarts}></rs-playtest-view>`
      : nothing}
    ${p.mounted.has('scenarios')
      ? html`<rs-scenarios-view class="rs-runtime" ?hidden=${!shown('scenarios')} ?active=${shown('scenarios')} .files=${p.files} entry=${p.entry} .variants=${p.variants}></rs-scenarios-view>`
      : nothing}
    ${p.mounted.has('simulate')
      ? html`<rs-simulate-view class="rs-runtime" ?hidden=${!shown('simulate')} ?active=${shown('simulate')} .files=${p.files} entry=${p.entry} base=${p.base}></rs-simulate-view>`
      : nothing}
  `;
}
