import { useEffect } from "react";

/** Sets the document title as '{page} · UnionHall'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · UnionHall` : "UnionHall";
  }, [title]);
}
