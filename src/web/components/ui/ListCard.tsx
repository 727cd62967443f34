import type { ReactNode } from "react";
import { Card, CardContent } from "./Card.tsx";

/**
 * The card a list page's results sit in. Until the first load ends it keeps its content (the
 * empty list or table head) marked busy, so "nothing found" never flashes before the data.
 */
export function ListCard({
  count,
  loading,
  emptyMessage,
  children,
}: {
  count: number;
  loading: boolean;
  emptyMessage: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="p-0" aria-busy={loading || undefined}>
        {count === 0 && !loading ? (
          <p className="p-8 text-center text-muted-foreground">{emptyMessage}</p>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
