import { useState } from "react";
import { Link } from "react-router";
import { formatDay } from "../../../../shared/procedure/index.ts";
import {
  daysLeftLabel,
  GRIEVANT_QUIET_DAYS,
  KIND_LABELS,
  type TBoardItem,
} from "../../../../shared/schemas/deadlines.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { useBoard, useStewards } from "../api/deadlines.ts";
import { WorkloadTable } from "../components/WorkloadTable.tsx";
import { groupByDue } from "../groups.ts";

/** /deadlines: every running deadline, grouped by when it falls (stewards and admins). */
export function DeadlinesPage() {
  return (
    <RequirePermission permission="view:all_grievances">
      <Board />
    </RequirePermission>
  );
}

type Row = TBoardItem & { id: string };

const groupId = (name: string) => `group-${name.toLowerCase().replace(/\s+/g, "-")}`;

const COLUMNS: Column<Row>[] = [
  {
    header: "Grievance",
    cell: (r) => (
      <div className="min-w-0">
        <Link
          to={`/grievances/${r.grievanceId}`}
          className="font-medium text-primary hover:underline"
        >
          {r.grievanceId}
        </Link>
        <p className="truncate text-muted-foreground">{r.subject}</p>
        {r.grievantQuiet ? (
          <Badge tone="yellow" className="mt-1">
            Grievant not updated for {GRIEVANT_QUIET_DAYS}+ days
          </Badge>
        ) : null}
      </div>
    ),
  },
  { header: "Step", cell: (r) => r.step.name },
  { header: "Kind", cell: (r) => KIND_LABELS[r.kind] },
  {
    header: "Due",
    cell: (r) => (
      <span>
        {formatDay(r.dueDate)}{" "}
        <span className={r.daysLeft < 0 ? "font-medium text-destructive" : "text-muted-foreground"}>
          ({daysLeftLabel(r.daysLeft)})
        </span>
      </span>
    ),
  },
  { header: "Assignee", cell: (r) => r.assignee?.name ?? "Unassigned" },
];

function Board() {
  usePageTitle("Deadlines");
  const admin = useCan("manage:organization");
  const [assignee, setAssignee] = useState("");
  const board = useBoard(assignee);
  const stewards = useStewards();
  const items = board.data?.pages.flatMap((p) => p.items) ?? [];
  const total = board.data?.pages[0]?.total;
  const groups = groupByDue(items);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Deadlines"
        subtitle={
          total === undefined
            ? "Every contract deadline that is running"
            : `${total} running ${total === 1 ? "deadline" : "deadlines"}`
        }
        actions={
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor="deadline-assignee" className="text-muted-foreground">
              Show
            </label>
            <Select
              id="deadline-assignee"
              className="w-56"
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <option value="">Everyone's</option>
              <option value="me">Mine</option>
              <option value="unassigned">Unassigned</option>
              {(stewards.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {groups.map((g) => (
        <section key={g.name} aria-labelledby={groupId(g.name)} className="space-y-2">
          <h2 id={groupId(g.name)} className="text-lg font-semibold">
            {g.name} <span className="text-muted-foreground">({g.items.length})</span>
          </h2>
          <DataTable
            columns={COLUMNS}
            rows={g.items.map((i) => ({ ...i, id: `${i.grievanceId}-${i.kind}-${i.step.index}` }))}
            loading={board.isPending}
            emptyMessage={`Nothing ${g.name === "Later" ? "later" : g.name.toLowerCase()}.`}
          />
        </section>
      ))}
      <LoadMore query={board} />
      {admin ? <WorkloadTable /> : null}
    </div>
  );
}
