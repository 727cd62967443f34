import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "../components/ui/Button.tsx";

/** A newer build replaced the page's scripts (a deploy while the tab was open). */
const isStaleBuild = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk/i.test(error.message);

/** Shown instead of a blank page when a route fails to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const stale = isStaleBuild(error);
  const title = stale
    ? t("routeError.updatedTitle")
    : isRouteErrorResponse(error) && error.status === 404
      ? t("notFound.title")
      : t("routeError.failedTitle");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">
        {stale ? t("routeError.updatedBody") : t("routeError.failedBody")}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden /> {t("routeError.reload")}
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard" reloadDocument>
            {t("routeError.dashboard")}
          </Link>
        </Button>
      </div>
    </main>
  );
}
