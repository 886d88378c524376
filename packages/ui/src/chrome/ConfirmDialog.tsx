// A confirmation dialog: the exit question ('Are you sure you want to exit the account opening
// process?') and the market-not-ticked question. Focus moves in, Escape cancels.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** A question with two answers; the buttons say what they do where "Cancel" and "Confirm" would not (confirmLabel, cancelLabel). */
export function ConfirmDialog({ open, message, onConfirm, onCancel, confirmLabel, cancelLabel }: { open: boolean; message: string; onConfirm(): void; onCancel(): void; confirmLabel?: string; cancelLabel?: string }): ReactElement | null {
  const { t } = useTranslation();
  const confirm = useRef<HTMLButtonElement>(null);
  // In the commit that shows the dialog, not after a paint: no keystroke lands behind it.
  useLayoutEffect(() => {
    if (!open) return;
    confirm.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onCancel]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="dialog-message">
        <p id="dialog-message" className="dialog__message">
          {message}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button type="button" className="button" ref={confirm} onClick={onConfirm}>
            {confirmLabel ?? t('common.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

export function ExitDialog(props: { open: boolean; onConfirm(): void; onCancel(): void }): ReactElement | null {
  const { t } = useTranslation();
  return <ConfirmDialog {...props} message={t('common.exitConfirm')} />;
}
