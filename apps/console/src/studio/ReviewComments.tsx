// The review as a conversation: comments on the opened version (on the field chosen in the tree, or
// the whole), and, for the reviewing editor, a request for changes that sends it back to its author as
// a draft with these comments beside it. The author answers on the draft.
import { useCallback, useEffect, useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';

interface Comment {
  id: number;
  field: string | null;
  body: string;
  author: string;
  changesRequested: boolean;
  createdAt: string;
}

export interface ReviewCommentsProps {
  stepId: string;
  version: number;
  status: string;
  /** The signed-in editor wrote this version. */
  mine: boolean;
  /** The field chosen in the tree, which a new comment is about. */
  field: string | undefined;
  /** After changes were requested: the page shows the version as the server now has it. */
  onSentBack(): Promise<void>;
}

export function ReviewComments({ stepId, version, status, mine, field, onSentBack }: ReviewCommentsProps): ReactElement | null {
  const { t, i18n } = useTranslation('console');
  const boxId = useId();
  const [comments, setComments] = useState<Comment[]>();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `studio/steps/${stepId}/versions/${version}`;
  const load = useCallback(() => get<Comment[]>(`${base}/comments`).then(setComments, (caught: unknown) => setError(failureMessage(caught, t))), [base, t]);
  useEffect(() => void load(), [load]);
  const commentable = status === 'review' || (status === 'draft' && mine);
  // A draft shows the conversation once a review sent it back, not before.
  if ((!commentable || status === 'draft') && !comments?.length) return null;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await work();
      setText('');
      await load();
    } catch (caught) {
      setError(failureMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="studio-comments-title" className="studio-comments">
      <h2 id="studio-comments-title">{t('studio.comments.title')}</h2>
      {comments && comments.length === 0 && <p className="studio-form__note">{t('studio.comments.none')}</p>}
      {comments && comments.length > 0 && (
        <ol className="studio-comments__list">
          {comments.map((comment) => (
            <li key={comment.id}>
              <strong>{comment.field ? t('studio.comments.on', { field: comment.field }) : t('studio.comments.onVersion')}</strong> {comment.body}
              <div className="console-sub">
                {comment.author} · {formatDate(comment.createdAt, i18n.language)}
                {comment.changesRequested && ` · ${t('studio.comments.sentBack')}`}
              </div>
            </li>
          ))}
        </ol>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {commentable && (
        <div className="studio-comments__new">
          <label htmlFor={boxId}>{field ? t('studio.comments.newOn', { field }) : t('studio.comments.newOnVersion')}</label>
          <textarea id={boxId} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
          <div className="studio-csv__actions">
            <button type="button" className="console-button" disabled={busy || !text.trim()} onClick={() => void run(() => post(`${base}/comments`, { body: text, ...(field ? { field } : {}) }))}>
              {t('studio.comments.add')}
            </button>
            {status === 'review' && !mine && (
              <button
                type="button"
                className="console-button console-button--danger"
                disabled={busy || (!text.trim() && !comments?.length)}
                onClick={() =>
                  void run(async () => {
                    // What is typed and not yet added goes with the request: on the field chosen, or as the note.
                    if (text.trim() && field) await post(`${base}/comments`, { body: text, field });
                    await post(`${base}/request-changes`, text.trim() && !field ? { note: text } : {});
                    await onSentBack();
                  })
                }
              >
                {t('studio.comments.requestChanges')}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
