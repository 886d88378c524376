// SPEC §5: the dealer's representative block shows the name with the DR code. The code being typed
// is looked up once typing pauses (SPEC §9's debounce, 500 ms); the name appears under the field, nothing for a code
// nobody holds (the save says so).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_LIMITS } from '@kh/api';
import { endpoints } from '../app/services.ts';

export function useDealerNote(fieldId: string | undefined, typedCode: unknown): Record<string, string> | undefined {
  const { t } = useTranslation();
  const code = fieldId !== undefined && typeof typedCode === 'string' ? typedCode.trim().toUpperCase() : '';
  const [dealer, setDealer] = useState<{ name: string; drCode: string } | null>(null);
  useEffect(() => {
    if (code === '') return;
    let live = true;
    const timer = setTimeout(() => {
      endpoints.apply.dealerRepresentative(code).then(
        (found) => live && setDealer(found),
        () => undefined, // the name is a courtesy: a failed lookup leaves the field as it is
      );
    }, API_LIMITS.debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);
  return fieldId !== undefined && dealer && dealer.drCode === code ? { [fieldId]: t('common.dealerRepresentativeName', { name: dealer.name, code: dealer.drCode }) } : undefined;
}
