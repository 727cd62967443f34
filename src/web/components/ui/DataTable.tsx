import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { LG_UP, useMediaQuery } from "../../lib/media-query.ts";
import { cn } from "./cn.ts";
import { ListCard } from "./ListCard.tsx";

export interface Column<T> {
  /** The column's name; with `srOnlyHeader` only screen readers hear it (e.g. "Actions"). */
  header: string;
  srOnlyHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** The row's buttons: on a phone's card they sit under the fields, without a label. */
  actions?: boolean;
  /** Extra classes for the column's header and body cells (table only). */
  className?: string;
  /** The server's sort key for this column; its header becomes a sort button. */
  sortKey?: string;
}

export type SortDirection = "asc" | "desc";
export interface SortState {
  key: string;
  dir: SortDirection;
}

interface ListProps<T> {
  columns: Column<T>[];
  rows: T[];
}

interface SortProps {
  sort?: SortState;
  /** Called with a column's key: the page decides the direction (same key flips it). */
  onSort?: (key: string) => void;
}

/**
 * A list page's results in their card: a table from Tailwind's `lg` up, one labelled card per
 * row below it (a seven-column table cannot fit a phone), or `emptyMessage` once loading found
 * none. Only one of the two layouts is rendered.
 */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  loading,
  emptyMessage,
  sort,
  onSort,
}: ListProps<T> & SortProps & { loading: boolean; emptyMessage: string }) {
  const wide = useMediaQuery(LG_UP);
  return (
    <ListCard count={rows.length} loading={loading} emptyMessage={emptyMessage}>
      {wide ? (
        <Table columns={columns} rows={rows} sort={sort} onSort={onSort} />
      ) : (
        <RowCards columns={columns} rows={rows} />
      )}
    </ListCard>
  );
}

/**
 * The next sort when a column's header is pressed: the same column flips, a new one starts in
 * `firstDir` (its natural direction: newest first for a date, A to Z for a name).
 */
export function nextSort(
  current: SortState | undefined,
  key: string,
  firstDir: SortDirection = "asc",
): SortState {
  return current?.key === key
    ? { key, dir: current.dir === "asc" ? "desc" : "asc" }
    : { key, dir: firstDir };
}

function SortHeader({
  label,
  active,
  onSort,
}: {
  label: string;
  active?: SortDirection;
  onSort: () => void;
}) {
  const Icon = active === "asc" ? ArrowUp : active === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onSort}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-foreground",
        active && "text-foreground",
      )}
    >
      {label}
      <Icon aria-hidden className={cn("size-3.5", !active && "opacity-50")} />
    </button>
  );
}

function Table<T extends { id: string }>({
  columns,
  rows,
  sort,
  onSort,
}: ListProps<T> & SortProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            {columns.map((c) => {
              const active = c.sortKey && sort?.key === c.sortKey ? sort.dir : undefined;
              return (
                <th
                  key={c.header}
                  scope="col"
                  className={cn("px-4 py-3 font-medium", c.className)}
                  aria-sort={
                    c.sortKey
                      ? active === "asc"
                        ? "ascending"
                        : active === "desc"
                          ? "descending"
                          : "none"
                      : undefined
                  }
                >
                  {c.srOnlyHeader ? (
                    <span className="sr-only">{c.header}</span>
                  ) : c.sortKey && onSort ? (
                    <SortHeader
                      label={c.header}
                      active={active}
                      onSort={() => onSort(c.sortKey as string)}
                    />
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0">
              {columns.map((c) => (
                <td key={c.header} className={cn("px-4 py-3", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One card per row: the first column leads, the others as 'label: value', then the actions. */
export function RowCards<T extends { id: string }>({ columns, rows }: ListProps<T>) {
  const [lead, ...rest] = columns.filter((c) => !c.actions);
  const actions = columns.filter((c) => c.actions);
  return (
    <ul className="divide-y divide-border">
      {rows.map((row) => (
        <li key={row.id} data-testid="row-card" className="space-y-3 p-4 text-sm">
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2">
            {lead ? (
              <>
                <dt className="sr-only">{lead.header}</dt>
                <dd className="col-span-2 min-w-0 break-words">{lead.cell(row)}</dd>
              </>
            ) : null}
            {rest.map((c) => (
              <div key={c.header} className="contents">
                <dt className="text-muted-foreground">{c.header}</dt>
                <dd className="min-w-0 break-words">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
          {actions.map((c) => (
            <div key={c.header}>{c.cell(row)}</div>
          ))}
        </li>
      ))}
    </ul>
  );
}
