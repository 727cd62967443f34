import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TWorkloadRow } from "../../../../shared/schemas/deadlines.ts";
import { type Column, DataTable } from "../../../components/ui/DataTable.tsx";
import { timeAgo } from "../../../lib/relative-time.ts";
import { useWorkload } from "../api/deadlines.ts";

type Row = TWorkloadRow & { id: string };

const columns = (t: TFunction<"deadlines">): Column<Row>[] => [
  { header: t("workload.steward"), cell: (r) => r.person.name },
  { header: t("workload.openCases"), cell: (r) => r.openCases },
  {
    header: t("workload.overdue"),
    cell: (r) => (
      <span className={r.overdue > 0 ? "font-medium text-destructive" : undefined}>
        {r.overdue}
      </span>
    ),
  },
  { header: t("workload.dueThisWeek"), cell: (r) => r.dueThisWeek },
  {
    header: t("workload.oldestQuiet"),
    cell: (r) =>
      r.oldestQuiet ? (
        <span>
          <Link
            to={`/grievances/${r.oldestQuiet.grievanceId}`}
            className="text-primary hover:underline"
          >
            {r.oldestQuiet.grievanceId}
          </Link>{" "}
          <span className="text-muted-foreground">{timeAgo(r.oldestQuiet.since)}</span>
        </span>
      ) : (
        t("workload.none")
      ),
  },
];

/** Admins: each steward's load, and the cases nobody holds. */
export function WorkloadTable() {
  const { t } = useTranslation("deadlines");
  const COLUMNS = useMemo(() => columns(t), [t]);
  const workload = useWorkload(true);
  const rows = (workload.data?.stewards ?? []).map((s) => ({ ...s, id: s.person.id }));
  return (
    <section aria-labelledby="workload" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="workload" className="text-lg font-semibold">
          {t("workload.title")}
        </h2>
        {workload.data ? (
          <p className="text-sm text-muted-foreground">
            {t("workload.unassigned", { number: workload.data.unassigned })}
          </p>
        ) : null}
      </div>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        loading={workload.isPending}
        emptyMessage={t("workload.empty")}
      />
    </section>
  );
}
