// Toasts (admin §8): shown top right, each closes itself after 5,000 ms unless closed first.
// A plain store with subscribe(), so React and tests read the same state.

export const TOAST_TIMEOUT_MS = 5000;
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

type Listener = (toasts: readonly Toast[]) => void;

export interface ToastStore {
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
  list(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

export function createToastStore(timeoutMs = TOAST_TIMEOUT_MS, maxShown = 5): ToastStore {
  let toasts: Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l(toasts));

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    const before = toasts.length;
    toasts = toasts.filter((t) => t.id !== id);
    if (toasts.length !== before) emit();
  };

  return {
    show(kind, message) {
      const id = nextId++;
      toasts = [...toasts, { id, kind, message }];
      while (toasts.length > maxShown) dismiss((toasts[0] as Toast).id);
      timers.set(id, setTimeout(() => dismiss(id), timeoutMs));
      emit();
      return id;
    },
    dismiss,
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
