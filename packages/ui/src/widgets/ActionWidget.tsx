// The custom steps' shells (identity check, payment): the page around the form does the work; the
// widget shows where it stands and starts it.
import type { WidgetProps } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOptions, formContextOf } from './shared.ts';

export function ActionWidget(props: WidgetProps): ReactElement {
  const { t } = useTranslation();
  const context = formContextOf(props);
  const options = fieldOptions(props);
  const action = options.customWidget === 'payment' ? 'payment' : 'identity';
  const status = context.status?.[action] as { labelKey?: string; done?: boolean } | undefined;
  return (
    <div className={`action action--${action}`} id={props.id}>
      <p className="field__label">{options.labelKey ? t(options.labelKey) : props.label}</p>
      {status?.labelKey && (
        <p className="action__status" aria-live="polite">
          {t(status.labelKey)}
        </p>
      )}
      {!status?.done && !props.readonly && (
        <button type="button" className="button" onClick={() => context.onAction?.(action, props.name)}>
          {t(action === 'payment' ? 'common.payNow' : 'common.startVerification')}
        </button>
      )}
    </div>
  );
}
