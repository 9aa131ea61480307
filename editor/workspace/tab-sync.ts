/**
 * The editor's tabs keep one another's files current. Every tab of one origin shares the file
 * store, and each holds the files in memory: without this, an edit made in one tab would be
 * written over, unseen, by the other's next save of the same file. Each committed write is sent
 * on a BroadcastChannel; the others take it (`Workspace.applyRemote`), unless they have a newer
 * write of that file of their own on the way, which they send in turn.
 */
import { CommittedEvent, type Workspace } from './workspace.ts';

export const TAB_CHANNEL = 'rulesmith-workspace';

interface Message {
  path: string;
  text: string | null;
}

const isMessage = (data: unknown): data is Message =>
  typeof data === 'object' && data !== null && typeof (data as Message).path === 'string' && ((data as Message).text === null || typeof (data as Message).text === 'string');

/** Start sending and taking commits; `onRemote` hears of each file another tab changed here. Returns the stop. */
export function syncTabs(ws: Workspace, onRemote: (path: string) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(TAB_CHANNEL);
  const send = (e: Event) => {
    if (e instanceof CommittedEvent) channel.postMessage({ path: e.path, text: e.text } satisfies Message);
  };
  ws.addEventListener('committed', send);
  channel.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (isMessage(e.data) && ws.applyRemote(e.data.path, e.data.text)) onRemote(e.data.path);
  });
  return () => {
    ws.removeEventListener('committed', send);
    channel.close();
  };
}
