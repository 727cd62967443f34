import type { ReactNode } from "react";
import { cn } from "./cn.ts";
import { ListCard } from "./list-card.tsx";

// Whole class names, so Tailwind finds them in the source.
const HIDE_BELOW = { md: "hidden md:table-cell", lg: "hidden lg:table-cell" } as const;

export interface Column<T> {
  /** The column's name; with `srOnlyHeader` only screen readers hear it (e.g. "Actions"). */
  header: string;
  srOnlyHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Narrow screens drop the column below this breakpoint. */
  hideBelow?: keyof typeof HIDE_BELOW;
  /** Extra classes for the column's header and body cells. */
  className?: string;
}

/** A list page's table in its card: one row per item, or `emptyMessage` once loading found none. */
export function DataTable<T extends { id: string }>({
  columns,
  rows,
  loading,
  emptyMessage,
}: {
  columns: Column<T>[];
  rows: T[];
  loading: boolean;
  emptyMessage: string;
}) {
  const cellClass = (c: Column<T>) =>
    cn("px-4 py-3", c.hideBelow && HIDE_BELOW[c.hideBelow], c.className);
  return (
    <ListCard count={rows.length} loading={loading} emptyMessage={emptyMessage}>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="border-b border-border text-left text-muted-foreground">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={cn(cellClass(c), "font-medium")}>
                  {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-border last:border-0">
                {columns.map((c) => (
                  <td key={c.header} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListCard>
  );
}
