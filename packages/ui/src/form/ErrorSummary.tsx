// The GOV.UK error summary: at the top, linking to each field; focus moves to it on a failed
// submit so screen readers announce it.
import { forwardRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryError {
  field: string;
  message: string;
}

export const ErrorSummary = forwardRef<HTMLDivElement, { errors: SummaryError[] }>(function ErrorSummary({ errors }, ref): ReactElement | null {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {t('common.errorSummaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.field}>
            <a
              href={`#root_${error.field}`}
              onClick={(event) => {
                const target = document.getElementById(`root_${error.field}`);
                if (!target) return;
                event.preventDefault();
                target.focus();
                target.scrollIntoView({ block: 'center' });
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
});
