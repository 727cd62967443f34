import { Download, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  canMoveTo,
  GRIEVANCE_STATUSES,
  type TGrievanceStatus,
} from "../../../../shared/schemas/grievances.ts";
import { useCan } from "../../../app/session.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
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

  const exportUrl = `/api/grievances/export.csv?${new URLSearchParams({ ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) })}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">
            {total === undefined ? "\u00a0" : `${total} grievances`}
          </p>
        </div>
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
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          placeholder="Search by name, badge number or department"
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
      <Card>
        <CardContent className="p-0">
          {items.length === 0 && !list.isPending ? (
            <p className="p-8 text-center text-muted-foreground">
              No grievances found. Submit a new grievance to get started.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="border-b border-border text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Badge #
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-medium lg:table-cell">
                      Job Title
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-medium md:table-cell">
                      Department
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-medium lg:table-cell">
                      Location
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 font-medium">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((g) => (
                    <tr key={g.id} className="border-b border-border last:border-0">
                      <td className="px-4 py-3">
                        <Link
                          to={`/grievances/${g.id}`}
                          className="font-medium text-primary hover:underline"
                        >
                          {g.name}
                        </Link>
                        <span className="block text-xs text-muted-foreground">{g.id}</span>
                      </td>
                      <td className="px-4 py-3">{g.badgeNumber}</td>
                      <td className="hidden px-4 py-3 lg:table-cell">{g.jobTitle}</td>
                      <td className="hidden px-4 py-3 md:table-cell">{g.department}</td>
                      <td className="hidden px-4 py-3 lg:table-cell">{g.location}</td>
                      <td className="px-4 py-3">
                        <StatusBadge status={g.status} />
                      </td>
                      <td className="px-4 py-3">
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
      <StatusDialog
        grievanceId={action?.id ?? ""}
        target={action?.target ?? null}
        onClose={() => setAction(null)}
      />
    </div>
  );
}
