import { Download, FileUp, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { todayIn } from "../../../../shared/deadline-engine/index.ts";
import { formatDate, formatNumber } from "../../../../shared/i18n/format.ts";
import {
  canMoveTo,
  GRIEVANCE_STATUSES,
  GRIEVANCE_TYPES,
  GrievanceMessages,
  type TGrievanceStatus,
  type TGrievanceSummary,
} from "../../../../shared/schemas/grievances.ts";
import { DEFAULT_TIME_ZONE } from "../../../../shared/schemas/procedure.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { type Column, DataTable, nextSort } from "../../../components/ui/DataTable.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { SearchInput } from "../../../components/ui/SearchInput.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan, useCanWrite } from "../../../lib/session.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useGrievanceList } from "../api/grievances.ts";
import { useProcedure } from "../api/procedure-api.ts";
import { HistoryImport } from "../components/HistoryImport.tsx";
import { NextDeadlineCell } from "../components/NextDeadlineCell.tsx";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { StatusDialog } from "../components/StatusDialog.tsx";
import { TrackerFilters } from "../components/TrackerFilters.tsx";
import { age, type Translate } from "../lib/deadline-words.ts";
import {
  FIRST_DIRECTION,
  isTrackerSortKey,
  type SortDirection,
  serverSort,
  type TrackerSortKey,
} from "../lib/tracker-sort.ts";
import { useWords } from "../lib/words.ts";
import { type ListFilter, listParams, searchTerm } from "../queries.ts";

const isStatus = (v: string | null): v is TGrievanceStatus =>
  GRIEVANCE_STATUSES.includes(v as TGrievanceStatus);

/** The phone's sort picker (the table's headers sort from lg up); `word` is a key of list.sort. */
const PHONE_SORTS: { word: string; key: TrackerSortKey; dir: SortDirection }[] = [
  { word: "newest", key: "filed", dir: "desc" },
  { word: "oldest", key: "filed", dir: "asc" },
  { word: "deadline", key: "deadline", dir: "asc" },
  { word: "subject", key: "subject", dir: "asc" },
  { word: "status", key: "status", dir: "asc" },
];

/** 'Group, 3 grievants' or 'Policy' (issue 19). */
const typeLabel = (g: TGrievanceSummary, t: Translate) =>
  g.type === "group" ? t("list.group", { count: g.grievantCount }) : t("type.policy");

export function GrievancesPage() {
  const seesAll = useCan("view:all_grievances");
  const canAct = useCan("resolve:grievance");
  const canImport = useCanWrite("manage:organization");
  const [importing, setImporting] = useState(false);
  const { t, language } = useWords();
  const defaults = useDefaults();
  const title = seesAll ? t("list.titleAll") : t("list.titleMine");
  usePageTitle(title);
  const procedure = useProcedure();
  const today = todayIn(procedure.data?.timeZone ?? DEFAULT_TIME_ZONE, new Date());
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
        ? t("list.countCapped", { n: formatNumber(language, total) })
        : t("list.count", { count: total, n: formatNumber(language, total) });
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
      header: t("list.columns.subject"),
      sortKey: "subject",
      className: "max-w-xs",
      cell: (g) => (
        <>
          <Link to={`/grievances/${g.id}`} className="font-medium text-primary hover:underline">
            {g.subject || g.id}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {g.id} · {g.name}
            {g.type !== "individual" ? ` · ${typeLabel(g, t)}` : ""}
          </span>
        </>
      ),
    },
    { header: t("list.columns.step"), cell: (g) => defaults.step(g.step.name) },
    {
      header: t("list.columns.nextDeadline"),
      sortKey: "deadline",
      cell: (g) => <NextDeadlineCell g={g} today={today} />,
    },
    {
      header: t("list.columns.filed"),
      sortKey: "filed",
      cell: (g) =>
        formatDate(language, g.filedDate, { year: "numeric", month: "short", day: "numeric" }),
    },
    { header: t("list.columns.age"), sortKey: "age", cell: (g) => age(g.filedDate, new Date(), t) },
    {
      header: t("list.columns.status"),
      sortKey: "status",
      cell: (g) => <StatusBadge status={g.status} />,
    },
    {
      header: t("list.columns.actions"),
      actions: true,
      cell: (g) => (
        <div className="flex flex-wrap gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={`/grievances/${g.id}`} aria-label={t("list.viewLabel", { id: g.id })}>
              {t("list.view")}
            </Link>
          </Button>
          {/* Only what the grievance allows now is offered (a resolved one: nothing). */}
          {canAct && canMoveTo(g.status, "escalated") && !g.heldSince && !atLastStep(g) ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setAction({ id: g.id, target: "escalated" })}
              aria-label={t("list.escalateLabel", { id: g.id })}
            >
              {t("list.escalate")}
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
            {canImport ? (
              <Button variant="outline" onClick={() => setImporting(true)}>
                <FileUp aria-hidden /> {t("history.open")}
              </Button>
            ) : null}
            {seesAll ? (
              <Button asChild variant="outline">
                <a href={exportUrl} download>
                  <Download aria-hidden /> {t("list.export")}
                </a>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/submit-grievance">
                <Plus aria-hidden /> {t("list.submitNew")}
              </Link>
            </Button>
          </div>
        }
      />
      <div className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchInput
            placeholder={t("list.searchPlaceholder")}
            aria-label={t("list.searchLabel")}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-describedby={tooShort ? "search-hint" : undefined}
          />
          <Select
            aria-label={t("list.statusLabel")}
            className="sm:w-48"
            value={status}
            onChange={(e) => update({ status: e.target.value || null })}
          >
            <option value="">{t("list.allStatuses")}</option>
            {GRIEVANCE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </Select>
          <Select
            aria-label={t("list.sortLabel")}
            className="sm:w-48 lg:hidden"
            value={phoneSort < 0 ? "" : String(phoneSort)}
            onChange={(e) => {
              const s = PHONE_SORTS[Number(e.target.value)];
              if (s) sortBy(s.key, s.dir);
            }}
          >
            {phoneSort < 0 ? <option value="">{t("list.sortedByColumn")}</option> : null}
            {PHONE_SORTS.map((s, i) => (
              <option key={s.word} value={i}>
                {t("list.sortOption", { label: t(`list.sort.${s.word}`) })}
              </option>
            ))}
          </Select>
        </div>
        {seesAll ? (
          <Select
            aria-label={t("list.typeLabel")}
            className="sm:w-48"
            value={type}
            onChange={(e) => update({ type: e.target.value || null })}
          >
            <option value="">{t("list.allTypes")}</option>
            {GRIEVANCE_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(`type.${kind}`)}
              </option>
            ))}
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
          {translateMessage(GrievanceMessages.searchTooShort)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={items}
        loading={list.isPending}
        // An empty list under a search or filter is not an empty tracker (the spec's text).
        emptyMessage={
          searchTerm(search) || status || mine || due || type
            ? t("list.emptyFiltered")
            : t("list.empty")
        }
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
      {canImport ? (
        <Dialog open={importing} onOpenChange={setImporting}>
          <DialogContent
            title={t("history.title")}
            description={t("history.description")}
            className="max-w-3xl"
          >
            {importing ? <HistoryImport onDone={() => setImporting(false)} /> : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}
