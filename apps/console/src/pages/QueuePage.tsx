// The queue: cases by where they stand, with counts, filters, search, sort and pages, all on the server.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { failureMessage, get, post } from '../api.ts';
import { can, useSession } from '../session.tsx';
import { Alert, DueTime, RiskBadge, useLabel, useMarketNames, useRiskRules } from '../parts.tsx';
import { DataTable, type DataColumn, type ServerSort } from '../DataTable.tsx';
import { casePageChunk } from '../page-chunks.ts';

const STATES = ['submitted', 'inReview', 'secondApproval', 'resubmitted', 'rejected', 'approved'] as const;
type State = (typeof STATES)[number];

interface QueueItem {
  id: string;
  relatedType: 'INIT' | 'SUPPLEMENT';
  state: State;
  market: number;
  accountType: number | null;
  islamic: boolean;
  pep: boolean;
  margin: boolean;
  identityMismatch: boolean;
  applicantName: string | null;
  mobile: string;
  existingMarkets: number;
  assigneeName: string | null;
  ageWorkingDays: number | null;
  dueAt: string | null;
  overdue: boolean;
  riskScore: number | null;
  riskBand: string | null;
}
interface Queue {
  total: number;
  /** Counts stop one past this: above it, "more than". */
  countCap: number;
  page: number;
  pageSize: number;
  counts: Record<State, number>;
  /** Open cases past their due time, under the same filters. */
  overdue: number;
  items: QueueItem[];
}
interface Filters {
  q: string;
  market: string;
  accountType: string;
  kind: string;
  islamic: boolean;
  pep: boolean;
  assignedToMe: boolean;
  overdue: boolean;
  risk: string;
  minAgeDays: string;
  sort: string;
}
const NO_FILTERS: Filters = { q: '', market: '', accountType: '', kind: '', islamic: false, pep: false, assignedToMe: false, overdue: false, risk: '', minAgeDays: '', sort: 'urgent' };
/** The orders the queue offers, by name: the select lists them, a column's header chooses one. */
const SORTS: Record<string, { sort: string; order: 'asc' | 'desc'; labelKey: string }> = {
  urgent: { sort: 'dueAt', order: 'asc', labelKey: 'queue.sortUrgent' },
  leastUrgent: { sort: 'dueAt', order: 'desc', labelKey: 'queue.sortLeastUrgent' },
  oldest: { sort: 'submittedAt', order: 'asc', labelKey: 'queue.sortOldest' },
  newest: { sort: 'submittedAt', order: 'desc', labelKey: 'queue.sortNewest' },
  name: { sort: 'name', order: 'asc', labelKey: 'queue.sortName' },
  nameDescending: { sort: 'name', order: 'desc', labelKey: 'queue.sortNameDescending' },
  updated: { sort: 'updatedAt', order: 'desc', labelKey: 'queue.sortUpdated' },
  risk: { sort: 'risk', order: 'desc', labelKey: 'queue.sortRisk' },
  leastRisk: { sort: 'risk', order: 'asc', labelKey: 'queue.sortLeastRisk' },
};
const sortNamed = (sort: ServerSort) => Object.entries(SORTS).find(([, each]) => each.sort === sort.key && each.order === sort.order)?.[0] ?? 'urgent';
const PAGE_SIZE = 20;
/** How often the queue asks again. */
const QUEUE_FOLLOW_MS = 10_000;

export function QueuePage(): ReactElement {
  const { t, i18n } = useTranslation('console');
  const marketNames = useMarketNames();
  const rules = useRiskRules();
  const label = useLabel();
  const [state, setState] = useState<State>('submitted');
  // A search looks in every state (each row says its own) until a tab is picked to narrow it.
  const [narrowed, setNarrowed] = useState(false);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [queue, setQueue] = useState<Queue>();
  const [error, setError] = useState<string>();
  const [refreshed, setRefreshed] = useState(0);
  const [, navigate] = useLocation();
  const { staff } = useSession();
  const [nothingWaiting, setNothingWaiting] = useState(false);
  // The longest-waiting case nobody holds, claimed for me by the server, opened.
  const nextCase = () =>
    post<{ id: string } | null>('applications/next')
      .then((next) => {
        if (next) navigate(`/cases/${next.id}`);
        else setNothingWaiting(true);
      })
      .catch((caught: unknown) => setError(failureMessage(caught, t)));

  const searchingEverywhere = filters.q.trim() !== '' && !narrowed;

  // The case page's code, fetched and run while the queue is read.
  useEffect(() => void casePageChunk.load().catch(() => undefined), []);
  useEffect(() => {
    let live = true;
    const { sort, order } = SORTS[filters.sort] ?? SORTS.urgent;
    get<Queue>('applications', {
      state: searchingEverywhere ? undefined : state,
      page,
      pageSize: PAGE_SIZE,
      q: filters.q.trim(),
      market: filters.market,
      accountType: filters.accountType,
      kind: filters.kind,
      islamic: filters.islamic || undefined,
      pep: filters.pep || undefined,
      assignedToMe: filters.assignedToMe || undefined,
      overdue: filters.overdue || undefined,
      risk: filters.risk,
      minAgeDays: filters.minAgeDays,
      sort,
      order,
    })
      .then((answer) => {
        if (!live) return;
        setQueue(answer);
        setError(undefined);
      })
      .catch((caught: unknown) => live && setError(failureMessage(caught, t)));
    return () => {
      live = false;
    };
  }, [state, filters, page, t, searchingEverywhere, refreshed]);
  // The queue follows colleagues' claims and decisions and new submissions: asked again every few seconds while seen.
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === 'visible' && setRefreshed((n) => n + 1), QUEUE_FOLLOW_MS);
    return () => clearInterval(timer);
  }, []);

  const open = (state: State) => state === 'submitted' || state === 'inReview' || state === 'secondApproval' || state === 'resubmitted';
  const columns: DataColumn<QueueItem>[] = [
    {
      id: 'name',
      header: t('queue.name'),
      sortKey: 'name',
      hideable: false,
      cell: (item) => (
        <>
          <Link href={`/cases/${item.id}`}>{item.applicantName ?? t('queue.noName')}</Link>
          <div className="console-sub">+60 {item.mobile}</div>
        </>
      ),
    },
    ...(searchingEverywhere ? [{ id: 'state', header: t('queue.stateColumn'), cell: (item: QueueItem) => t(`queue.state.${item.state}`) }] : []),
    {
      id: 'markets',
      header: t('queue.markets'),
      cell: (item) => (
        <>
          {marketNames(item.market)}
          {item.relatedType === 'SUPPLEMENT' && <div className="console-sub">{t('queue.existing', { markets: marketNames(item.existingMarkets) })}</div>}
        </>
      ),
    },
    { id: 'flags', header: t('queue.flags'), cell: (item) => <Flags item={item} /> },
    { id: 'risk', header: t('queue.risk'), sortKey: 'risk', firstOrder: 'desc', cell: (item) => <RiskBadge band={item.riskBand} score={item.riskScore} rules={rules} /> },
    { id: 'due', header: t('queue.due'), sortKey: 'dueAt', cell: (item) => open(item.state) && <DueTime dueAt={item.dueAt} overdue={item.overdue} /> },
    { id: 'age', header: t('queue.age'), sortKey: 'submittedAt', cell: (item) => (item.ageWorkingDays === null ? '' : t('queue.ageDays', { count: item.ageWorkingDays })) },
    { id: 'assignee', header: t('queue.assignee'), cell: (item) => item.assigneeName ?? t('queue.unassigned') },
  ];

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setDraft((before) => ({ ...before, [key]: value }));
  const pages = queue ? Math.max(1, Math.ceil(Math.min(queue.total, queue.countCap) / PAGE_SIZE)) : 1;
  /** A count as shown: past the cap, the cap and a plus. */
  const countText = (n: number) => (queue && n > queue.countCap ? `${queue.countCap.toLocaleString(i18n.language)}+` : n.toLocaleString(i18n.language));

  return (
    <section aria-labelledby="queue-title">
      <h1 id="queue-title">{t('queue.title')}</h1>
      {can(staff, 'cases.work') && (
        <p>
          <button type="button" className="console-button console-button--main" onClick={() => void nextCase()}>
            {t('queue.nextCase')}
          </button>
        </p>
      )}
      {nothingWaiting && <Alert kind="info">{t('queue.nothingWaiting')}</Alert>}
      <div className="console-states" role="group" aria-label={t('queue.title')}>
        {STATES.map((each) => (
          <button
            key={each}
            type="button"
            className="console-state"
            aria-pressed={!searchingEverywhere && each === state}
            onClick={() => {
              setState(each);
              setNarrowed(true);
              setPage(1);
            }}
          >
            {t(`queue.state.${each}`)} <span className="console-count">{queue ? countText(queue.counts[each]) : '·'}</span>
          </button>
        ))}
      </div>
      <form
        className="console-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setNarrowed(false);
          setPage(1);
        }}
      >
        <label className="console-field console-field--wide">
          <span>{t('queue.search')}</span>
          <input
            type="search"
            value={draft.q}
            maxLength={100}
            onChange={(event) => {
              set('q', event.target.value);
              // An emptied box (typed away, or its clear button) ends the search at once.
              if (event.target.value === '' && filters.q !== '') {
                setFilters({ ...filters, q: '' });
                setNarrowed(false);
                setPage(1);
              }
            }}
          />
        </label>
        <label className="console-field">
          <span>{t('queue.market')}</span>
          <select value={draft.market} onChange={(event) => set('market', event.target.value)}>
            <option value="">{t('queue.anyMarket')}</option>
            <option value="MY">{t('market.16')}</option>
            <option value="HK">{t('market.1')}</option>
            <option value="US">{t('market.2')}</option>
          </select>
        </label>
        <label className="console-field">
          <span>{t('queue.accountType')}</span>
          <select value={draft.accountType} onChange={(event) => set('accountType', event.target.value)}>
            <option value="">{t('queue.anyAccountType')}</option>
            {['0', '1', '2'].map((type) => (
              <option key={type} value={type}>
                {t(`accountType.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t('queue.kind')}</span>
          <select value={draft.kind} onChange={(event) => set('kind', event.target.value)}>
            <option value="">{t('queue.anyKind')}</option>
            <option value="new">{t('queue.kindNew')}</option>
            <option value="addMarket">{t('queue.kindAddMarket')}</option>
          </select>
        </label>
        <label className="console-field">
          <span>{t('queue.risk')}</span>
          <select value={draft.risk} onChange={(event) => set('risk', event.target.value)}>
            <option value="">{t('queue.anyRisk')}</option>
            {rules?.bands.map((band) => (
              <option key={band.band} value={band.band}>
                {label(band.label, band.band)}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field console-field--narrow">
          <span>{t('queue.minAge')}</span>
          <input type="number" min={0} max={365} value={draft.minAgeDays} onChange={(event) => set('minAgeDays', event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t('queue.sort')}</span>
          <select value={draft.sort} onChange={(event) => set('sort', event.target.value)}>
            {Object.entries(SORTS).map(([name, each]) => (
              <option key={name} value={name}>
                {t(each.labelKey)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="console-checks">
          <legend>{t('queue.filters')}</legend>
          {(['islamic', 'pep', 'assignedToMe', 'overdue'] as const).map((key) => (
            <label key={key}>
              <input type="checkbox" checked={draft[key]} onChange={(event) => set(key, event.target.checked)} /> {t(key === 'assignedToMe' ? 'queue.mine' : key === 'overdue' ? 'queue.overdueOnly' : `queue.${key}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="console-button console-button--main">
          {t('queue.searchButton')}
        </button>
      </form>
      {error && <Alert kind="error">{error}</Alert>}
      {queue && (
        <>
          <p className="console-total" aria-live="polite">
            {queue.total > queue.countCap ? t('queue.totalMore', { n: countText(queue.total) }) : searchingEverywhere ? t('queue.foundEverywhere', { count: queue.total }) : t('queue.total', { count: queue.total })}
            {queue.overdue > 0 && <strong className="console-due--overdue"> · {queue.overdue > queue.countCap ? t('queue.overdueMore', { n: countText(queue.overdue) }) : t('queue.overdueCount', { count: queue.overdue })}</strong>}
          </p>
          {queue.items.length === 0 ? (
            <p>{t('queue.empty')}</p>
          ) : (
            <DataTable
              label={t('queue.title')}
              rows={queue.items}
              rowKey={(item) => item.id}
              columns={columns}
              sort={{ key: SORTS[filters.sort].sort, order: SORTS[filters.sort].order }}
              onSort={(sort) => {
                const name = sortNamed(sort);
                setDraft((before) => ({ ...before, sort: name }));
                setFilters((before) => ({ ...before, sort: name }));
                setPage(1);
              }}
              storageKey="kh-console-queue-columns"
            />
          )}
          <nav className="console-pages" aria-label={t('queue.page', { page, pages })}>
            <button type="button" className="console-button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('queue.previous')}
            </button>
            <span>{t('queue.page', { page, pages })}</span>
            <button type="button" className="console-button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('queue.next')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

export function Flags({ item }: { item: Pick<QueueItem, 'margin' | 'pep' | 'identityMismatch' | 'islamic' | 'relatedType'> }): ReactElement {
  const { t } = useTranslation('console');
  const flags = [item.relatedType === 'SUPPLEMENT' && 'addMarket', item.margin && 'margin', item.pep && 'pep', item.identityMismatch && 'identityMismatch', item.islamic && 'islamic'].filter(Boolean) as string[];
  return (
    <ul className="console-flags">
      {flags.map((flag) => (
        <li key={flag} className={`console-flag console-flag--${flag}`}>
          {t(`flag.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
