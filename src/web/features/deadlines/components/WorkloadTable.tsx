import { Link } from "react-router";
import type { TWorkloadRow } from "../../../../shared/schemas/deadlines.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { timeAgo } from "../../../lib/relative-time.ts";
import { useWorkload } from "../api/deadlines.ts";

type Row = TWorkloadRow & { id: string };

const COLUMNS: Column<Row>[] = [
  { header: "Steward", cell: (r) => r.person.name },
  { header: "Open cases", cell: (r) => r.openCases },
  {
    header: "Overdue",
    cell: (r) => (
      <span className={r.overdue > 0 ? "font-medium text-destructive" : undefined}>
        {r.overdue}
      </span>
    ),
  },
  { header: "Due this week", cell: (r) => r.dueThisWeek },
  {
    header: "Oldest case without activity",
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
        "None"
      ),
  },
];

/** Admins: each steward's load, and the cases nobody holds. */
export function WorkloadTable() {
  const workload = useWorkload(true);
  const rows = (workload.data?.stewards ?? []).map((s) => ({ ...s, id: s.person.id }));
  return (
    <section aria-labelledby="workload" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="workload" className="text-lg font-semibold">
          Workload
        </h2>
        {workload.data ? (
          <p className="text-sm text-muted-foreground">
            Unassigned open cases: {workload.data.unassigned}
          </p>
        ) : null}
      </div>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        loading={workload.isPending}
        emptyMessage="No stewards yet."
      />
    </section>
  );
}
