import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Toaster } from "sonner";
import { onSignOutElsewhere } from "../lib/auth-sync.ts";
import { useTheme } from "../lib/theme.ts";

/** The spec's cache rules: data never goes stale by itself, no refetch on focus, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
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
      <Toaster duration={5000} visibleToasts={1} theme={theme} closeButton position="top-right" />
    </QueryClientProvider>
  );
}
