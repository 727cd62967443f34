import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";

/** What LoadMore needs of a paged (infinite) query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a paged list while there is a next page. */
export function LoadMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? t("loading") : t("actions.loadMore")}
      </Button>
    </div>
  );
}
