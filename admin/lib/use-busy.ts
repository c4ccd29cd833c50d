// A busy flag around one async action at a time (a dialog's save): `run(action, onError)` sets
// `busy` while `action` runs, hands a thrown error to `onError`, and always clears `busy` after.
import { useState } from 'react';

export function useBusy(): { busy: boolean; run: (action: () => Promise<void>, onError: (e: unknown) => void) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, onError: (e: unknown) => void) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * The delete flow of a list screen: `deleting` is the row whose confirmation is open (opened with
 * `ask`, closed with `cancel`); `confirm` deletes that row with `del`, then calls `onDone` (a success
 * toast and a reload), hands a failure to `onError`, and closes the confirmation either way.
 */
export function useDeleteFlow<T>(del: (item: T) => Promise<unknown>, onDone: (item: T) => void, onError: (e: unknown) => void) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = async () => {
    if (deleting === null) return;
    try {
      await del(deleting);
      onDone(deleting);
    } catch (e) {
      onError(e);
    } finally {
      setDeleting(null);
    }
  };
  return { deleting, ask: (item: T) => setDeleting(item), cancel: () => setDeleting(null), confirm };
}
