// The review as a conversation: threads on the opened version (on the field chosen in the tree, or
// the whole), each with its replies and settled or open; for the reviewing editor, a request for
// changes that sends it back to its author as a draft with these threads beside it. The author
// answers on the draft, and settles each thread.
import { useCallback, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, get, post } from '../api.ts';
import { Alert, formatDate } from '../parts.tsx';

interface Comment {
  id: number;
  parentId: number | null;
  authorId: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
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
  /** The signed-in editor: who may settle a thread (its author, or the version's). */
  staffId: string | undefined;
  /** The open threads, told as they load: by field (the tree marks them), and those a request for changes sent back. */
  onThreads?(open: { byField: Record<string, number>; asked: number; askedBy: string[] }): void;
}

export interface Thread {
  first: Comment;
  replies: Comment[];
}

/** Comments into threads, in the order they began; a reply whose thread is missing starts its own. */
export function threadsOf(comments: Comment[]): Thread[] {
  const threads = new Map<number, Thread>();
  for (const comment of comments) {
    const root = comment.parentId !== null ? threads.get(comment.parentId) : undefined;
    if (root) root.replies.push(comment);
    else threads.set(comment.id, { first: comment, replies: [] });
  }
  return [...threads.values()];
}

export function ReviewComments({ stepId, version, status, mine, field, onSentBack, staffId, onThreads }: ReviewCommentsProps): ReactElement | null {
  const { t, i18n } = useTranslation('console');
  const boxId = useId();
  const [comments, setComments] = useState<Comment[]>();
  const [replyingTo, setReplyingTo] = useState<number>();
  const [reply, setReply] = useState('');
  const told = useRef(onThreads);
  told.current = onThreads;
  useEffect(() => {
    const open = threadsOf(comments ?? []).filter((thread) => !thread.first.resolvedAt);
    const byField: Record<string, number> = {};
    for (const thread of open) if (thread.first.field) byField[thread.first.field] = (byField[thread.first.field] ?? 0) + 1;
    const asked = open.filter((thread) => thread.first.changesRequested);
    told.current?.({ byField, asked: asked.length, askedBy: [...new Set(asked.map((thread) => thread.first.author))] });
  }, [comments]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `studio/steps/${stepId}/versions/${version}`;
  const load = useCallback(() => get<Comment[]>(`${base}/comments`).then(setComments, (caught: unknown) => setError(failureMessage(caught, t))), [base, t]);
  useEffect(() => void load(), [load]);
  const commentable = status === 'review' || (status === 'draft' && mine);
  // A draft shows the conversation once a review sent it back, not before.
  if ((!commentable || status === 'draft') && !comments?.length) return null;

  /** Does the work, then reads the threads again; a new comment's box is emptied only when it was sent. */
  const run = async (work: () => Promise<unknown>, { sentNew = false } = {}) => {
    setBusy(true);
    setError('');
    try {
      await work();
      if (sentNew) setText('');
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
          {threadsOf(comments).map(({ first, replies }) => {
            const settled = !!first.resolvedAt;
            const maySettle = commentable && (mine || first.authorId === staffId);
            return (
              <li key={first.id} className={settled ? 'studio-thread studio-thread--settled' : 'studio-thread'}>
                <strong>{first.field ? t('studio.comments.on', { field: first.field }) : t('studio.comments.onVersion')}</strong> {first.body}
                <div className="console-sub">
                  {first.author} · {formatDate(first.createdAt, i18n.language)}
                  {first.changesRequested && ` · ${t('studio.comments.sentBack')}`}
                  {' · '}
                  {settled ? t('studio.comments.settled', { name: first.resolvedBy ?? '' }) : t('studio.comments.open')}
                </div>
                {replies.length > 0 && (
                  <ol className="studio-thread__replies" aria-label={t('studio.comments.replies', { count: replies.length })}>
                    {replies.map((answer) => (
                      <li key={answer.id}>
                        {answer.body}
                        <div className="console-sub">
                          {answer.author} · {formatDate(answer.createdAt, i18n.language)}
                        </div>
                      </li>
                    ))}
                  </ol>
                )}
                {commentable && (
                  <div className="studio-csv__actions">
                    {replyingTo === first.id ? (
                      <>
                        <label className="studio-thread__reply">
                          <span>{t('studio.comments.replyTo', { name: first.author })}</span>
                          <textarea rows={2} maxLength={2000} value={reply} onChange={(event) => setReply(event.target.value)} />
                        </label>
                        <button
                          type="button"
                          className="console-button"
                          disabled={busy || !reply.trim()}
                          onClick={() =>
                            void run(async () => {
                              await post(`${base}/comments`, { body: reply, parentId: first.id });
                              setReply('');
                              setReplyingTo(undefined);
                            })
                          }
                        >
                          {t('studio.comments.sendReply')}
                        </button>
                      </>
                    ) : (
                      <button type="button" className="console-button" onClick={() => setReplyingTo(first.id)}>
                        {t('studio.comments.reply')}
                      </button>
                    )}
                    {maySettle && (
                      <button type="button" className="console-button" disabled={busy} onClick={() => void run(() => post(`${base}/comments/${first.id}/resolve`, { resolved: !settled }))}>
                        {settled ? t('studio.comments.reopen') : t('studio.comments.settle')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {commentable && (
        <div className="studio-comments__new">
          <label htmlFor={boxId}>{field ? t('studio.comments.newOn', { field }) : t('studio.comments.newOnVersion')}</label>
          <textarea id={boxId} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
          <div className="studio-csv__actions">
            <button type="button" className="console-button" disabled={busy || !text.trim()} onClick={() => void run(() => post(`${base}/comments`, { body: text, ...(field ? { field } : {}) }), { sentNew: true })}>
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
                  }, { sentNew: true })
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
