import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { onSignOutElsewhere } from "../lib/auth-sync.ts";
import { hydration } from "../lib/hydration.ts";
import { useToasterWanted } from "../lib/lazy-toast.ts";
import { useTheme } from "../lib/theme.ts";

// The toaster loads with the first toast (lib/toast.ts, lib/lazy-toast.ts): no page needs it to
// paint, and most raise none until someone acts, so it stays out of the landing page's and the
// dashboard's first load. Toasts raised before it arrives are shown when it mounts (sonner
// replays the active ones).
const Toaster = lazy(() => import("./Toaster.tsx"));

/** The spec's cache rules: data never goes stale by itself, no refetch on focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const toasterWanted = useToasterWanted();
  useEffect(() => {
    hydration.active = false; // hydration of a pre-rendered page has committed
    // A pre-rendered button does nothing until the app has taken the page over: say when.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // Signed out in another tab: drop what this tab knows and go to the sign-in page.
  useEffect(
    () =>
      onSignOutElsewhere(() => {
        queryClient.clear();
        window.location.replace("/login");
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Toasts last 5000 ms, one at a time. */}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster theme={theme} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
