// Ctrl/Cmd+S saves the open editor instead of saving the web page.
import { useEffect, useRef } from 'react';

export function useSaveShortcut(save: () => void, enabled = true): void {
  const ref = useRef(save);
  ref.current = save;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        ref.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
