// Toasts: a small store the UI subscribes to. The same message within 50 ms shows once; each shows 3 s.
import { API_LIMITS } from './constants.ts';

export interface Toast {
  id: number;
  /** A translation key, or a message the server already translated. */
  messageKey?: string;
  text?: string;
  params?: Record<string, string | number>;
  kind: 'error' | 'info' | 'loading';
}

type Listener = (toasts: readonly Toast[]) => void;

export function createToastStore({
  dedupeMs = API_LIMITS.toast.dedupeMs as number,
  durationMs = API_LIMITS.toast.durationMs as number,
  now = () => Date.now(),
}: { dedupeMs?: number; durationMs?: number; now?: () => number } = {}) {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const lastShown = new Map<string, number>();
  const notify = () => listeners.forEach((listener) => listener(toasts));

  function dismiss(id: number) {
    const before = toasts.length;
    toasts = toasts.filter((t) => t.id !== id);
    if (toasts.length !== before) notify();
  }

  /** Shows a toast, unless the same one was shown within the de-duplication window. Loading toasts stay until dismissed. */
  function show(toast: Omit<Toast, 'id'>): number | undefined {
    const identity = JSON.stringify([toast.kind, toast.messageKey, toast.text, toast.params]);
    const at = now();
    const previous = lastShown.get(identity);
    if (previous !== undefined && at - previous < dedupeMs) return undefined;
    lastShown.set(identity, at);
    const id = nextId++;
    toasts = [...toasts, { ...toast, id }];
    notify();
    if (toast.kind !== 'loading') setTimeout(() => dismiss(id), durationMs);
    return id;
  }

  return {
    show,
    dismiss,
    get: (): readonly Toast[] => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;
