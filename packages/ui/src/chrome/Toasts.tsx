// Toasts from the API client's store (de-duplicated within 50 ms, each shown 3 s), and the loading
// toast ('Loading...' or 'Saving...').
import type { ToastStore } from '@kh/api';
import { useSyncExternalStore, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function Toasts({ store }: { store: ToastStore }): ReactElement {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <div className="toasts" aria-live="assertive" role="status">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.kind === 'loading' && <span className="toast__spinner" aria-hidden="true" />}
          {toast.text ?? (toast.messageKey ? t(toast.messageKey, toast.params ?? {}) : '')}
        </div>
      ))}
    </div>
  );
}
