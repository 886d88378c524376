// The agreement list: every document that applies to this application, each a PDF link. Its value
// records what was shown; the must-tick checkbox is the step's next field.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../form/labels.ts';
import { fieldOptions, formContextOf } from './shared.ts';

export function AgreementListWidget(props: WidgetProps): ReactElement {
  const { t, i18n } = useTranslation();
  const context = formContextOf(props);
  const options = fieldOptions(props).options ?? [];
  const shown = options.map((o) => String(o.value));
  useEffect(() => {
    if (!props.readonly && JSON.stringify(props.value ?? []) !== JSON.stringify(shown)) props.onChange(shown);
  }, [shown.join(',')]);
  return (
    <ul className="agreements" id={props.id}>
      {options.map((option) => (
        <li key={String(option.value)}>
          <a className="agreements__link" href={context.documentUrl?.(String(option.value)) ?? '#'} target="_blank" rel="noopener" onClick={(event) => {
              context.onAction?.('document', String(option.value));
              if (context.openDocument) {
                event.preventDefault();
                context.openDocument(String(option.value));
              }
            }}>
            {optionLabel(option, t, i18n.language)}
            <span className="visually-hidden"> (PDF)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
