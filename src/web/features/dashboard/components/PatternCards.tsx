import { Radar } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import { policyGrievanceLink } from "../../../../shared/policy-link.ts";
import type { TCluster } from "../../../../shared/schemas/insights.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent } from "../../../components/ui/Card.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useCan } from "../../../lib/session.ts";
import { useDismissInsight, useInsights } from "../api/insights.ts";

/**
 * The repeat-violation radar on the dashboard (issue 21): one card per pattern, for stewards
 * and admins only (members neither see nor fetch it).
 */
export function PatternCards() {
  const allowed = useCan("view:all_grievances");
  const insights = useInsights(allowed);
  const { t } = useTranslation("dashboard");
  if (!allowed || !insights.data || insights.data.clusters.length === 0) return null;
  const { clusters, stale, computedAt } = insights.data;
  return (
    <section aria-label={t("patterns.label")} className="space-y-3">
      {stale && (
        // A large local's radar takes seconds to work out: these are the last run's.
        <p className="text-sm text-muted-foreground">
          {t("patterns.stale", {
            time: new Intl.DateTimeFormat(LOCALE_TAG[currentLanguage()], {
              dateStyle: "medium",
              timeStyle: "short",
            }).format(new Date(computedAt)),
          })}
        </p>
      )}
      {clusters.map((c) => (
        <PatternCard key={c.id} cluster={c} />
      ))}
    </section>
  );
}

/**
 * 'Pattern: 4 grievances about Art. 12.3 Overtime in Manufacturing since 2 Oct' (the shared
 * clusterTitle's words) in the reader's language. English keeps the day before the month.
 */
function usePatternTitle(c: TCluster): string {
  const { t } = useTranslation("dashboard");
  const defaults = useDefaults();
  const language = currentLanguage();
  const since = new Intl.DateTimeFormat(language === "en" ? "en-GB" : LOCALE_TAG[language], {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(`${c.from}T00:00:00Z`));
  const where = c.department
    ? defaults.entry("departments", c.department)
    : c.location && defaults.entry("locations", c.location);
  return where
    ? t("patterns.titleWhere", { count: c.count, article: c.article, where, since })
    : t("patterns.title", { count: c.count, article: c.article, since });
}

function PatternCard({ cluster: c }: { cluster: TCluster }) {
  const { t } = useTranslation("dashboard");
  const [open, setOpen] = useState(false);
  const dismiss = useDismissInsight();
  const listId = `pattern-${c.id}-cases`;
  const title = usePatternTitle(c);
  return (
    <Card className="border-amber-400 dark:border-amber-700" data-testid="pattern">
      <CardContent className="space-y-3 p-4 sm:p-5">
        <p className="flex items-start gap-2 font-medium">
          <Radar
            aria-hidden
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
          />
          <span>{title}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {t("patterns.open")}
          </Button>
          <Button size="sm" asChild>
            <Link to={policyGrievanceLink(c)}>{t("patterns.filePolicy")}</Link>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(c.id)}
            aria-label={t("patterns.dismissLabel", { title })}
          >
            {t("patterns.dismiss")}
          </Button>
        </div>
        {open ? (
          <ul id={listId} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {c.grievanceIds.map((id) => (
              <li key={id}>
                <Link to={`/grievances/${id}`} className="text-primary hover:underline">
                  {id}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
