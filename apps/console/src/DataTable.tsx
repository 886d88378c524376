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
  /** May be hidden from the column choice (the first column, which names the row, never is). */
  hideable?: boolean;
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

export function DataTable<T>({ label, rows, columns, rowKey, rowClassName, sort, onSort, storageKey, compact }: DataTableProps<T>): ReactElement {
  const { t } = useTranslation('console');
  const [visibility, setVisibility] = useState<VisibilityState>(() => readHidden(storageKey));
  const definitions = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        // An accessor makes a column sortable to TanStack; the order itself is the server's.
        accessorFn: (_row: T, index: number) => index,
        cell: ({ row }) => column.cell(row.original),
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
        <table className={compact ? 'console-table console-table--compact' : 'console-table'}>
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
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={columns.find((column) => column.id === cell.column.id)?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>
    </>
  );
}
