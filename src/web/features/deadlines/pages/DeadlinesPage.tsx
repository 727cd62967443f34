import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatWeekdayDay } from "../../../../shared/i18n/format.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";
import {
  GRIEVANT_QUIET_DAYS,
  type TBoardItem,
  type THeldItem,
} from "../../../../shared/schemas/deadlines.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { type Column, DataTable } from "../../../components/ui/DataTable.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { QuestionItem, useQuestions } from "../../../lib/Questions.tsx";
import { useCan } from "../../../lib/session.ts";
import { useBoard, useHeld, useStewards } from "../api/deadlines.ts";
import { WorkloadTable } from "../components/WorkloadTable.tsx";
import { GROUP_KEYS, groupByDue } from "../groups.ts";

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

/** 'Tue 8 Dec 2026' in English (the procedure's spelling), through Intl in another language. */
export const dueDay = (language: Language, day: string) => formatWeekdayDay(language, day);

/** 'in 3 days', 'tomorrow', 'today', '1 day overdue', '4 days overdue'. */
export function daysLeftWords(t: TFunction<"deadlines">, daysLeft: number): string {
  if (daysLeft === 0) return t("daysLeft.today");
  if (daysLeft === 1) return t("daysLeft.tomorrow");
  if (daysLeft > 1) return t("daysLeft.in", { count: daysLeft });
  return t("daysLeft.overdue", { count: -daysLeft });
}

const columns = (
  t: TFunction<"deadlines">,
  language: Language,
  step: (name: string) => string,
): Column<Row>[] => [
  {
    header: t("board.grievance"),
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
            {t("board.grievantQuiet", { days: GRIEVANT_QUIET_DAYS })}
          </Badge>
        ) : null}
        {r.contactOverdue ? (
          <Badge tone="red" className="mt-1" data-testid="contact-overdue">
            {t("board.contactOverdue", { days: r.daysSinceContact ?? 0 })}
          </Badge>
        ) : null}
      </div>
    ),
  },
  { header: t("board.step"), cell: (r) => step(r.step.name) },
  { header: t("board.kind"), cell: (r) => t(`kinds.${r.kind}`) },
  {
    header: t("board.due"),
    cell: (r) => (
      <span>
        {dueDay(language, r.dueDate)}{" "}
        <span className={r.daysLeft < 0 ? "font-medium text-destructive" : "text-muted-foreground"}>
          ({daysLeftWords(t, r.daysLeft)})
        </span>
      </span>
    ),
  },
  { header: t("board.assignee"), cell: (r) => r.assignee?.name ?? t("board.unassigned") },
];

/** The held cases' own group: their deadline is paused, so no group above holds them. */
function HeldGroup({ assignee }: { assignee: string }) {
  const { t } = useTranslation("deadlines");
  const language = currentLanguage();
  const held = useHeld(assignee);
  const defaults = useDefaults();
  const rows = (held.data?.items ?? []).map((h) => ({ ...h, id: h.grievanceId }));
  const columns: Column<THeldItem & { id: string }>[] = [
    {
      header: t("board.grievance"),
      cell: (r) => (
        <div className="min-w-0">
          <Link
            to={`/grievances/${r.grievanceId}`}
            className="font-medium text-primary hover:underline"
          >
            {r.grievanceId}
          </Link>
          <p className="truncate text-muted-foreground">{r.subject}</p>
        </div>
      ),
    },
    { header: t("board.step"), cell: (r) => defaults.step(r.step.name) },
    { header: t("held.since"), cell: (r) => dueDay(language, r.heldSince) },
    { header: t("held.reason"), cell: (r) => <span className="break-words">{r.reason}</span> },
    { header: t("board.assignee"), cell: (r) => r.assignee?.name ?? t("board.unassigned") },
  ];
  return (
    <section aria-labelledby="group-held" className="space-y-2">
      <h2 id="group-held" className="text-lg font-semibold">
        {t("held.title")} <span className="text-muted-foreground">({held.data?.total ?? 0})</span>
      </h2>
      <DataTable
        columns={columns}
        rows={rows}
        loading={held.isPending}
        emptyMessage={t("held.empty")}
      />
    </section>
  );
}

function Board() {
  const { t } = useTranslation("deadlines");
  const language = currentLanguage();
  const defaults = useDefaults();
  const COLUMNS = useMemo(() => columns(t, language, defaults.step), [t, language, defaults]);
  usePageTitle(t("title"));
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
        title={t("title")}
        subtitle={total === undefined ? t("subtitle") : t("running", { count: total })}
        actions={
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor="deadline-assignee" className="text-muted-foreground">
              {t("filter.label")}
            </label>
            <Select
              id="deadline-assignee"
              className="w-56"
              value={assignee}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <option value="">{t("filter.everyone")}</option>
              <option value="me">{t("filter.mine")}</option>
              <option value="unassigned">{t("filter.unassigned")}</option>
              {(stewards.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      <OpenQuestions />
      {groups.map((g) => (
        <section key={g.name} aria-labelledby={groupId(g.name)} className="space-y-2">
          <h2 id={groupId(g.name)} className="text-lg font-semibold">
            {t(`groups.${GROUP_KEYS[g.name]}`)}{" "}
            <span className="text-muted-foreground">({g.items.length})</span>
          </h2>
          <DataTable
            columns={COLUMNS}
            rows={g.items.map((i) => ({ ...i, id: `${i.grievanceId}-${i.kind}-${i.step.index}` }))}
            loading={board.isPending}
            emptyMessage={t(`groups.empty.${GROUP_KEYS[g.name]}`)}
          />
        </section>
      ))}
      <LoadMore query={board} />
      <HeldGroup assignee={assignee} />
      {admin ? <WorkloadTable /> : null}
    </div>
  );
}

/** Members' questions awaiting a reply, due soonest first, until answered (issue 34). */
function OpenQuestions() {
  const { t } = useTranslation("deadlines");
  const questions = useQuestions();
  const items = questions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="open-questions" className="space-y-2" data-testid="open-questions">
      <h2 id="open-questions" className="text-lg font-semibold">
        {t("questions", { count: questions.data?.total ?? items.length })}
      </h2>
      <ul className="space-y-4 rounded-md border p-4 text-sm">
        {items.map((q) => (
          <QuestionItem key={q.id} q={q} staff />
        ))}
      </ul>
    </section>
  );
}
