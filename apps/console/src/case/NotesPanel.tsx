// Notes between staff on a case, newest last; the applicant never sees them.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';
import type { CaseView } from './types.ts';

export function NotesPanel({ caseId, notes, onSaved }: { caseId: string; notes: CaseView['notes']; onSaved(): void }): ReactElement {
  const { t, i18n } = useTranslation('console');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  return (
    <div>
      {notes.length === 0 ? (
        <p>{t('notes.none')}</p>
      ) : (
        <ol className="case-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="case-notes__body">{note.body}</p>
              <p className="console-sub">{t('notes.by', { name: note.staffName ?? '?', date: formatDate(note.createdAt, i18n.language) })}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          post(`applications/${encodeURIComponent(caseId)}/notes`, { body })
            .then(() => {
              setBody('');
              setError(undefined);
              onSaved();
            })
            .catch((caught: unknown) => setError(failureMessage(caught, t)));
        }}
      >
        {error && <Alert kind="error">{error}</Alert>}
        <label className="console-field">
          <span>{t('notes.add')}</span>
          <textarea value={body} maxLength={4000} rows={3} onChange={(event) => setBody(event.target.value)} />
        </label>
        <button type="submit" className="console-button">
          {t('notes.save')}
        </button>
      </form>
    </div>
  );
}
