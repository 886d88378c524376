// The title from the step's title key, a back button, and (on form steps) the way out.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export function TitleBar({ title, onBack, onExit }: { title?: string; onBack?(): void; onExit?(): void }): ReactElement {
  const { t } = useTranslation();
  return (
    <header className="title-bar">
      {onBack ? (
        <button type="button" className="title-bar__back" onClick={onBack}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{t('common.back')}</span>
        </button>
      ) : (
        <span className="title-bar__spacer" />
      )}
      {title ? <h1 className="title-bar__title">{title}</h1> : <span />}
      {onExit ? (
        <button type="button" className="title-bar__exit" onClick={onExit}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('common.exit')}</span>
        </button>
      ) : (
        <span className="title-bar__spacer" />
      )}
    </header>
  );
}
