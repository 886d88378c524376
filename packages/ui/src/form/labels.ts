// Option labels: a translation key (static options) or a dictionary entry's label in the language.
import type { FieldOption } from '@kh/engine';
import type { TFunction } from 'i18next';

export const optionLabel = (option: FieldOption, t: TFunction, language: string): string =>
  option.labelKey ? t(option.labelKey) : (option.label?.[language] ?? option.label?.en ?? String(option.value));
