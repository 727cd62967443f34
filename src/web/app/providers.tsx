import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { onSignOutElsewhere } from "../lib/auth-sync.ts";
import { hydration } from "../lib/hydration.ts";
import { useTheme } from "../lib/theme.ts";

// The toaster loads after the first render: it is not needed to paint a page, and leaving it out
// of the first load keeps the landing page within its budget. Toasts raised before it arrives
// are shown when it mounts (sonner replays the active ones).
const Toaster = lazy(() => import("./toaster.tsx"));

/** The spec's cache rules: data never goes stale by itself, no refetch on focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    hydration.active = false; // hydration of a pre-rendered page has committed
    // A pre-rendered button does nothing until the app has taken the page over: say when.
    document.documentElement.dataset.hydrated = "true";
    // After the page has loaded: the toaster is not part of the first load.
    const mount = () => setMounted(true);
    if (document.readyState === "complete") mount();
    else window.addEventListener("load", mount, { once: true });
    return () => window.removeEventListener("load", mount);
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
      {mounted && (
        <Suspense fallback={null}>
          <Toaster theme={theme} />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
