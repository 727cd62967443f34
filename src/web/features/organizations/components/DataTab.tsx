import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, PackageOpen } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate, formatNumber } from "../../../../shared/i18n/format.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";
import type { TOrganizationExport } from "../../../../shared/schemas/exports.ts";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { exportsQuery, organizationKeys } from "../queries.ts";

/**
 * The organization's data, for admins (issue 32, product-decisions.md 38): one ZIP with every
 * record (JSON and CSV), every stored file and each grievance's case file, written in the
 * background; the page follows its progress and the admin also gets a mail when it is ready.
 */
export function DataTab() {
  const { t } = useTranslation("organizations");
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const list = useQuery(exportsQuery());
  const start = useMutation({
    mutationFn: () => apiRequest<{ id: string }>("/api/organization/exports", { method: "POST" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.exports });
      toast.success(t("data.started.title"), { description: t("data.started.description") });
    },
    onError: (error) =>
      toast.error(t("data.startFailed"), { description: translateMessage(error.message) }),
  });
  const items = list.data?.items ?? [];
  const busy = items.some((e) => e.state === "queued" || e.state === "running");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("data.title")}</CardTitle>
        <CardDescription>{t("data.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => start.mutate()} disabled={busy || start.isPending}>
          <PackageOpen aria-hidden /> {busy ? t("data.working") : t("data.start")}
        </Button>
        {items.length > 0 && (
          <ul className="divide-y divide-border rounded-md border border-border" aria-live="polite">
            {items.map((item) => (
              <ExportRow key={item.id} item={item} language={language} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ExportRow({ item, language }: { item: TOrganizationExport; language: Language }) {
  const { t } = useTranslation("organizations");
  const started = formatDate(language, item.createdAt, { dateStyle: "medium", timeStyle: "short" });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
      <div className="space-y-1">
        <div className="font-medium">{t("data.startedAt", { date: started })}</div>
        <div className="text-muted-foreground">
          {item.state === "ready" && item.expiresAt
            ? t("data.readyUntil", {
                size: formatNumber(
                  language,
                  Math.max(0.1, Math.round((item.size ?? 0) / 104_857.6) / 10),
                ),
                date: formatDate(language, item.expiresAt, {
                  dateStyle: "medium",
                  timeStyle: "short",
                }),
              })
            : t(`data.states.${item.state}`, { progress: item.progress })}
        </div>
      </div>
      {(item.state === "queued" || item.state === "running") && (
        <progress
          className="h-2 w-40"
          max={100}
          value={item.progress}
          aria-label={t("data.progress")}
        />
      )}
      {item.state === "ready" && item.url && (
        <Button asChild variant="outline" size="sm">
          <a href={item.url} download>
            <Download aria-hidden /> {t("data.download")}
          </a>
        </Button>
      )}
    </li>
  );
}
