// The console's one table, on TanStack Table (headless: our markup and styles, nothing inline, so it
// fits the CSP): columns by definition, sorting asked of the server (the rows are one page of
// millions), and a choice of columns each reader keeps in this browser.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroller } from './parts.tsx';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  /** Sortable on the server by this key. */
  sortKey?: string;
  /** The order the header's first choice asks for (a risk is read riskiest first); ascending unless said. */
  firstOrder?: 'asc' | 'desc';
  /** The cells' class (a row of buttons, say). */
  className?: string;
  /** A class for one row's cell (a missing text, say). */
  cellClassName?(row: T): string | undefined;
  /** May be hidden from the column choice (the first column, which names the row, never is). */
  hideable?: boolean;
  /** The cell names its row (a header cell to assistive technology). */
  rowHeader?: boolean;
}

export interface ServerSort {
  key: string;
  order: 'asc' | 'desc';
}

interface DataTableProps<T> {
  /** Names the table's scrolling region and its column choice. */
  label: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey(row: T): string;
  rowClassName?(row: T): string | undefined;
  /** The server's order, and what to ask for when a sortable header is chosen. */
  sort?: ServerSort;
  onSort?(sort: ServerSort): void;
  /** Where the column choice is kept (localStorage); none: every column, no choice offered. */
  storageKey?: string;
  compact?: boolean;
  /** A further class for the table (the diff's colours, say). */
  className?: string;
}

const readHidden = (storageKey: string | undefined): VisibilityState => {
  if (!storageKey) return {};
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as VisibilityState) : {};
  } catch {
    return {};
  }
};

export function DataTable<T>({ label, rows, columns, rowKey, rowClassName, sort, onSort, storageKey, compact, className }: DataTableProps<T>): ReactElement {
  const { t } = useTranslation('console');
  const [visibility, setVisibility] = useState<VisibilityState>(() => readHidden(storageKey));
  const definitions = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        // An accessor makes a column sortable to TanStack; the order itself is the server's.
        accessorFn: (_row: T, index: number) => index,
        enableSorting: Boolean(column.sortKey),
        enableHiding: column.hideable !== false,
      })),
    [columns],
  );
  const sorting: SortingState = useMemo(() => {
    const column = sort && columns.find((each) => each.sortKey === sort.key);
    return column && sort ? [{ id: column.id, desc: sort.order === 'desc' }] : [];
  }, [columns, sort]);
  const table = useReactTable({
    data: rows,
    columns: definitions,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    state: { sorting, columnVisibility: visibility },
    onColumnVisibilityChange: (update) =>
      setVisibility((before) => {
        const next = typeof update === 'function' ? update(before) : update;
        if (storageKey) localStorage.setItem(storageKey, JSON.stringify(next));
        return next;
      }),
  });
  const sortBy = (id: string) => {
    const column = columns.find((each) => each.id === id);
    if (!column?.sortKey || !onSort) return;
    // The first choice of a column sorts it its own way; choosing it again turns the order.
    const first = column.firstOrder ?? 'asc';
    const turned = first === 'asc' ? 'desc' : 'asc';
    onSort({ key: column.sortKey, order: sort?.key === column.sortKey && sort.order === first ? turned : first });
  };
  return (
    <>
      {storageKey && (
        <details className="console-columns">
          <summary>{t('columnChoice.summary')}</summary>
          <fieldset className="console-checks">
            <legend>{t('columnChoice.legend', { name: label })}</legend>
            {table
              .getAllLeafColumns()
              .filter((column) => column.getCanHide())
              .map((column) => (
                <label key={column.id}>
                  <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} /> {String(column.columnDef.header)}
                </label>
              ))}
          </fieldset>
        </details>
      )}
      <TableScroller label={label}>
        <table className={['console-table', compact && 'console-table--compact', className].filter(Boolean).join(' ')}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {header.column.getCanSort() && onSort ? (
                        <button type="button" className="console-sort" onClick={() => sortBy(header.column.id)}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const column = columns.find((each) => each.id === cell.column.id);
                  if (!column) return null;
                  // Called, not rendered as a component: the column list is rebuilt each render, and a
                  // new component each time would remount the cell (an input in it would lose focus).
                  const content = column.cell(row.original);
                  const className = [column.className, column.cellClassName?.(row.original)].filter(Boolean).join(' ') || undefined;
                  return column.rowHeader ? (
                    <th key={cell.id} scope="row" className={className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}
