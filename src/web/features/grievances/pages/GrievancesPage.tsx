import { Download, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { countOf } from "../../../../shared/plural.ts";
import { todayIn } from "../../../../shared/procedure/index.ts";
import {
  canMoveTo,
  GRIEVANCE_STATUSES,
  GRIEVANCE_TYPES,
  GrievanceMessages,
  type TGrievanceStatus,
  type TGrievanceSummary,
} from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/button.tsx";
import { type Column, DataTable, nextSort } from "../../../components/ui/data-table.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useGrievanceList } from "../api/grievances.ts";
import { useProcedure } from "../api/procedure-api.ts";
import { NextDeadlineCell } from "../components/NextDeadlineCell.tsx";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { StatusDialog } from "../components/StatusDialog.tsx";
import { TrackerFilters } from "../components/TrackerFilters.tsx";
import { age } from "../lib/deadline-words.ts";
import {
  FIRST_DIRECTION,
  isTrackerSortKey,
  type SortDirection,
  serverSort,
  type TrackerSortKey,
} from "../lib/tracker-sort.ts";
import { type ListFilter, listParams, searchTerm } from "../queries.ts";

const isStatus = (v: string | null): v is TGrievanceStatus =>
  GRIEVANCE_STATUSES.includes(v as TGrievanceStatus);

const filedOn = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/** The phone's sort picker (the table's headers sort from lg up). */
const PHONE_SORTS: { label: string; key: TrackerSortKey; dir: SortDirection }[] = [
  { label: "Newest filed", key: "filed", dir: "desc" },
  { label: "Oldest filed", key: "filed", dir: "asc" },
  { label: "Next deadline", key: "deadline", dir: "asc" },
  { label: "Subject A to Z", key: "subject", dir: "asc" },
  { label: "Status", key: "status", dir: "asc" },
];

/** 'Group, 3 grievants' or 'Policy' (issue 19). */
const typeLabel = (g: TGrievanceSummary) =>
  g.type === "group"
    ? `Group, ${g.grievantCount} ${g.grievantCount === 1 ? "grievant" : "grievants"}`
    : "Policy";

export function GrievancesPage() {
  const seesAll = useCan("view:all_grievances");
  const canAct = useCan("resolve:grievance");
  const title = seesAll ? "Grievance Tracker" : "My Grievances";
  usePageTitle(title);
  const procedure = useProcedure();
  const today = todayIn(procedure.data?.timeZone ?? "America/New_York", new Date());
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get("status")) ? (params.get("status") as TGrievanceStatus) : "";
  const sortParam = params.get("sort");
  const sortKey: TrackerSortKey = isTrackerSortKey(sortParam) ? sortParam : "filed";
  const sortDir: SortDirection =
    params.get("order") === "asc" || params.get("order") === "desc"
      ? (params.get("order") as SortDirection)
      : FIRST_DIRECTION[sortKey];
  const mine = params.get("assignee") === "me";
  const dueParam = params.get("due");
  const due = dueParam === "overdue" || dueParam === "week" ? dueParam : "";
  const [q, setQ] = useState("");
  const typeParam = params.get("type");
  const type = GRIEVANCE_TYPES.find((t) => t === typeParam) ?? "";
  const search = useDebouncedValue(q);
  const filter: ListFilter = {
    q: search,
    status,
    mine,
    due,
    type,
    ...serverSort(sortKey, sortDir),
  };
  const list = useGrievanceList(filter);
  const [action, setAction] = useState<{ id: string; target: "escalated" | "resolved" } | null>(
    null,
  );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;
  // A search counts up to 1,000 matches (issue 15): past that the subtitle says '1,000+'.
  const totalText =
    total === undefined
      ? "\u00a0"
      : list.data?.pages[0]?.totalIsCapped
        ? `${total.toLocaleString("en-US")}+ grievances`
        : countOf(total, "grievance");
  const tooShort = q.trim().length > 0 && searchTerm(q) === "";

  /** Changes some of the URL's filters and keeps the others. */
  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  }
  function sortBy(key: TrackerSortKey, dir: SortDirection) {
    update({
      sort: key === "filed" && dir === "desc" ? null : key,
      order: dir === FIRST_DIRECTION[key] ? null : dir,
    });
  }

  // No appeal from the procedure's last step (the server refuses it too).
  const atLastStep = (g: TGrievanceSummary) =>
    procedure.data !== undefined && g.step.index >= procedure.data.steps.length - 1;

  const columns: Column<TGrievanceSummary>[] = [
    {
      header: "Subject",
      sortKey: "subject",
      className: "max-w-xs",
      cell: (g) => (
        <>
          <Link to={`/grievances/${g.id}`} className="font-medium text-primary hover:underline">
            {g.subject || g.id}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {g.id} · {g.name}
            {g.type !== "individual" ? ` · ${typeLabel(g)}` : ""}
          </span>
        </>
      ),
    },
    { header: "Step", cell: (g) => g.step.name },
    {
      header: "Next deadline",
      sortKey: "deadline",
      cell: (g) => <NextDeadlineCell g={g} today={today} />,
    },
    { header: "Filed", sortKey: "filed", cell: (g) => filedOn(g.filedDate) },
    { header: "Age", sortKey: "age", cell: (g) => age(g.filedDate, new Date()) },
    { header: "Status", sortKey: "status", cell: (g) => <StatusBadge status={g.status} /> },
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
          {/* Only what the grievance allows now is offered (a resolved one: nothing). */}
          {canAct && canMoveTo(g.status, "escalated") && !g.heldSince && !atLastStep(g) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setAction({ id: g.id, target: "escalated" })}
              aria-label={`Escalate ${g.id}`}
            >
              Escalate
            </Button>
          ) : null}
          {canAct && canMoveTo(g.status, "resolved") ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setAction({ id: g.id, target: "resolved" })}
              aria-label={`Resolve ${g.id}`}
            >
              Resolve
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  const exportParams = listParams(filter);
  const exportUrl = `/api/grievances/export.csv${exportParams.size > 0 ? `?${exportParams}` : ""}`;
  const phoneSort = PHONE_SORTS.findIndex((s) => s.key === sortKey && s.dir === sortDir);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={title}
        subtitle={totalText}
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
      <div className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchInput
            placeholder="Search subject, name, badge or department"
            aria-label="Search grievances"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-describedby={tooShort ? "search-hint" : undefined}
          />
          <Select
            aria-label="Status"
            className="sm:w-48"
            value={status}
            onChange={(e) => update({ status: e.target.value || null })}
          >
            <option value="">All Statuses</option>
            <option value="new">New</option>
            <option value="pending">Pending</option>
            <option value="escalated">Escalated</option>
            <option value="resolved">Resolved</option>
          </Select>
          <Select
            aria-label="Sort by"
            className="sm:w-48 lg:hidden"
            value={phoneSort < 0 ? "" : String(phoneSort)}
            onChange={(e) => {
              const s = PHONE_SORTS[Number(e.target.value)];
              if (s) sortBy(s.key, s.dir);
            }}
          >
            {phoneSort < 0 ? <option value="">Sorted by a column</option> : null}
            {PHONE_SORTS.map((s, i) => (
              <option key={s.label} value={i}>
                Sort: {s.label}
              </option>
            ))}
          </Select>
        </div>
        {seesAll ? (
          <Select
            aria-label="Type"
            className="sm:w-48"
            value={type}
            onChange={(e) => update({ type: e.target.value || null })}
          >
            <option value="">All types</option>
            <option value="individual">Individual</option>
            <option value="group">Group</option>
            <option value="policy">Policy</option>
          </Select>
        ) : null}
        {seesAll ? (
          <TrackerFilters
            mine={mine}
            due={due}
            onMine={(on) => update({ assignee: on ? "me" : null })}
            onDue={(d) => update({ due: d || null })}
          />
        ) : null}
      </div>
      {tooShort ? (
        <p id="search-hint" className="-mt-3 text-sm text-muted-foreground">
          {GrievanceMessages.searchTooShort}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={items}
        loading={list.isPending}
        emptyMessage="No grievances found. Submit a new grievance to get started."
        sort={{ key: sortKey, dir: sortDir }}
        onSort={(key) => {
          if (!isTrackerSortKey(key)) return;
          const next = nextSort({ key: sortKey, dir: sortDir }, key, FIRST_DIRECTION[key]);
          sortBy(key, next.dir);
        }}
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
