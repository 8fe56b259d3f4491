// The app bar's congregation selection (issue 12), kept per browser in localStorage and sent as
// the X-Congregation header on every API call (httpClient.ts): the server narrows every list,
// count, export, report and dashboard to it. None stored is "Todas" (everything the user sees).
import { CONGREGATION_HEADER } from '../../domain/congregations';
import { recordIdOf } from '../../domain/recordIds';

export const SELECTION_KEY = 'adamCongregation';

/** Why the selection changed: the user's choice, or a stored one the server no longer allows. */
export type SelectionChange = 'chosen' | 'lost';
type Listener = (reason: SelectionChange) => void;

const listeners = new Set<Listener>();

/** The selected congregation's id, or null for all of them. */
export function readSelection(): number | null {
  try {
    return recordIdOf(localStorage.getItem(SELECTION_KEY));
  } catch {
    return null;
  }
}

export function saveSelection(id: number | null, reason: SelectionChange = 'chosen'): void {
  if (id === readSelection()) return;
  if (id === null) localStorage.removeItem(SELECTION_KEY);
  else localStorage.setItem(SELECTION_KEY, String(id));
  for (const listener of [...listeners]) listener(reason);
}

/** Calls `listener` on every change, in this tab or another; returns the unsubscribe. */
export function subscribeSelection(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SELECTION_KEY || event.key === null) listener('chosen');
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The header every signed-in API call carries (none for "Todas"). */
export function selectionHeaders(): Record<string, string> {
  const id = readSelection();
  return id === null ? {} : { [CONGREGATION_HEADER]: String(id) };
}
