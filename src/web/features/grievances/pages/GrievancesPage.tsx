import { Download, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { countOf } from "../../../../shared/plural.ts";
import {
  canMoveTo,
  GRIEVANCE_STATUSES,
  type TGrievanceStatus,
  type TGrievanceSummary,
} from "../../../../shared/schemas/grievances.ts";
import { useCan } from "../../../app/session.ts";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useGrievanceList } from "../api/grievances.ts";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { StatusDialog } from "../components/StatusDialog.tsx";

const isStatus = (v: string | null): v is TGrievanceStatus =>
  GRIEVANCE_STATUSES.includes(v as TGrievanceStatus);

export function GrievancesPage() {
  const seesAll = useCan("view:all_grievances");
  const canAct = useCan("resolve:grievance");
  const title = seesAll ? "Grievance Tracker" : "My Grievances";
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get("status")) ? (params.get("status") as TGrievanceStatus) : "";
  const [q, setQ] = useState("");
  const list = useGrievanceList({ q, status });
  const [action, setAction] = useState<{ id: string; target: "escalated" | "resolved" } | null>(
    null,
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;

  const columns: Column<TGrievanceSummary>[] = [
    {
      header: "Name",
      cell: (g) => (
        <>
          <Link to={`/grievances/${g.id}`} className="font-medium text-primary hover:underline">
            {g.name}
          </Link>
          <span className="block text-xs text-muted-foreground">{g.id}</span>
        </>
      ),
    },
    { header: "Badge #", cell: (g) => g.badgeNumber },
    { header: "Job Title", cell: (g) => g.jobTitle },
    { header: "Department", cell: (g) => g.department },
    { header: "Location", cell: (g) => g.location },
    { header: "Status", cell: (g) => <StatusBadge status={g.status} /> },
    {
      header: "Actions",
      actions: true,
      cell: (g) => (
        <div className="flex flex-wrap gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={`/grievances/${g.id}`} aria-label={`View ${g.id}`}>
              View
            </Link>
          </Button>
          {canAct ? (
            <>
              <Button
                variant="outline"
                size="sm"
                disabled={!canMoveTo(g.status, "escalated")}
                onClick={() => setAction({ id: g.id, target: "escalated" })}
                aria-label={`Escalate ${g.id}`}
              >
                Escalate
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!canMoveTo(g.status, "resolved")}
                onClick={() => setAction({ id: g.id, target: "resolved" })}
                aria-label={`Resolve ${g.id}`}
              >
                Resolve
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];

  const exportUrl = `/api/grievances/export.csv?${new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) })}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={title}
        subtitle={total === undefined ? "\u00a0" : countOf(total, "grievance")}
        actions={
          <div className="flex flex-wrap gap-2">
            {seesAll ? (
              <Button asChild variant="outline">
                <a href={exportUrl} download>
                  <Download aria-hidden /> Export CSV
                </a>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/submit-grievance">
                <Plus aria-hidden /> Submit new grievance
              </Link>
            </Button>
          </div>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          placeholder="Search name, badge or department"
          aria-label="Search grievances"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          aria-label="Status"
          className="sm:w-48"
          value={status}
          onChange={(e) =>
            setParams(e.target.value ? { status: e.target.value } : {}, { replace: true })
          }
        >
          <option value="">All Statuses</option>
          <option value="new">New</option>
          <option value="pending">Pending</option>
          <option value="escalated">Escalated</option>
          <option value="resolved">Resolved</option>
        </Select>
      </div>
      <DataTable
        columns={columns}
        rows={items}
        loading={list.isPending}
        emptyMessage="No grievances found. Submit a new grievance to get started."
      />
      <LoadMore query={list} />
      <StatusDialog
        grievanceId={action?.id ?? ""}
        target={action?.target ?? null}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
