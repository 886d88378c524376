// A select with search, for long dictionaries (countries, industries, banks): a combobox whose
// list narrows as the applicant types, used by keyboard or touch.
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../form/labels.ts';
import { ariaFor, fieldOptions } from './shared.ts';

const MAX_SHOWN = 60;
const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function DictionarySelectWidget(props: WidgetProps): ReactElement {
  const { t, i18n } = useTranslation();
  const options = fieldOptions(props).options ?? [];
  const labelled = useMemo(() => options.map((o) => ({ option: o, label: optionLabel(o, t, i18n.language) })), [options, t, i18n.language]);
  const selected = labelled.find((l) => l.option.value === props.value);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;
  const matches = open ? labelled.filter((l) => fold(l.label).includes(fold(query)) || fold(String(l.option.value)).startsWith(fold(query))).slice(0, MAX_SHOWN) : [];
  const listId = `${props.id}-list`;

  const choose = (index: number) => {
    const match = matches[index];
    if (!match) return;
    props.onChange(match.option.value);
    setQuery(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Enter' && open) choose(active);
    else if (event.key === 'Escape') setQuery(null);
    else return;
    event.preventDefault();
  };

  return (
    <div className="combobox">
      <input
        id={props.id}
        name={props.id}
        className="input combobox__input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={t('common.searchPlaceholder', { defaultValue: 'Type to search' })}
        value={open ? query : (selected?.label ?? '')}
        disabled={props.disabled}
        readOnly={props.readonly}
        {...ariaFor(props)}
        onFocus={() => {
          if (!props.readonly) setQuery('');
          props.onFocus(props.id, props.value);
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A click on an option lands before the blur is handled.
          setTimeout(() => setQuery(null), 150);
          props.onBlur(props.id, props.value);
        }}
      />
      {open && (
        <ul className="combobox__list" id={listId} role="listbox">
          {matches.length === 0 && <li className="combobox__empty">{t('common.noMatches', { defaultValue: 'No matches' })}</li>}
          {matches.map((match, i) => (
            <li
              key={String(match.option.value)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={match.option.value === props.value}
              className={`combobox__option${i === active ? ' combobox__option--active' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(i);
              }}
            >
              {match.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
