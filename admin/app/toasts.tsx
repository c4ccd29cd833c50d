// Toasts in the top-right corner (admin §8): polite for news, assertive for errors; each closes
// after 5,000 ms or with its close button.
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createToastStore, type Toast, type ToastStore } from '../lib/toast-store';
import { Icon } from '../components/icons';

interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children, store: given }: { children: ReactNode; store?: ToastStore }) {
  const store = useMemo(() => given ?? createToastStore(), [given]);
  const [toasts, setToasts] = useState<readonly Toast[]>(store.list());
  useEffect(() => store.subscribe(setToasts), [store]);
  const api = useMemo<ToastApi>(() => ({
    success: (m) => void store.show('success', m),
    error: (m) => void store.show('error', m),
    info: (m) => void store.show('info', m),
  }), [store]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="region" aria-live="polite" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <Icon name={t.kind === 'success' ? 'check' : t.kind === 'error' ? 'alert' : 'info'} size={18} className="toast-icon" />
            <p>{t.message}</p>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => store.dismiss(t.id)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

/** The message to show for a failed call. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : 'Something went wrong. Please try again.';
}
