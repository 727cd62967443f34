import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { grievanceDataKey } from "./query-keys.ts";

/**
 * Listens to /api/events while someone is in an organization and refreshes what shows
 * grievances (lists, detail, dashboard numbers, activity, the board, reports: every key under
 * the grievance data key) when one changes anywhere. EventSource reconnects by itself after a
 * network drop.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events", { withCredentials: true });
    source.addEventListener("grievance", () => {
      void queryClient.invalidateQueries({ queryKey: grievanceDataKey });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
