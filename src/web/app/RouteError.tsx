import { RefreshCw } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "../components/ui/button.tsx";

/** A newer build replaced the page's scripts (a deploy while the tab was open). */
const isStaleBuild = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);

/** Shown instead of a blank page when a route fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const stale = isStaleBuild(error);
  const title = stale
    ? "UnionHall has been updated"
    : isRouteErrorResponse(error) && error.status === 404
      ? "404 Page Not Found"
      : "Something went wrong";
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">
        {stale
          ? "A newer version is available. Reload the page to continue where you were."
          : "This page could not be shown. Reload it, or go back to the dashboard."}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden /> Reload
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard" reloadDocument>
            Dashboard
          </Link>
        </Button>
      </div>
    </main>
  );
}
