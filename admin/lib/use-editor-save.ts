// The Save of a full-page editor: `save()` checks the form first (an invalid form calls `onInvalid`
// and saves nothing), then runs `action` with `busy` set, handing a failure to `onError`. While the
// form has unsaved changes and no save is running, leaving the page asks first; Ctrl/Cmd+S saves
// when `enabled` (the user may edit) and no save is running.
import { useBusy } from './use-busy';
import { useLeaveGuard } from './router';
import { useSaveShortcut } from './use-shortcut';

export interface EditorSave {
  enabled: boolean;
  action: () => Promise<void>;
  onInvalid: () => void;
  onError: (e: unknown) => void;
}

export function useEditorSave(form: { check: () => boolean; dirty: boolean }, { enabled, action, onInvalid, onError }: EditorSave): { busy: boolean; save: () => Promise<void> } {
  const { busy, run } = useBusy();
  useLeaveGuard(form.dirty && !busy);
  const save = async () => {
    if (!form.check()) {
      onInvalid();
      return;
    }
    await run(action, onError);
  };
  useSaveShortcut(() => void save(), enabled && !busy);
  return { busy, save };
}
