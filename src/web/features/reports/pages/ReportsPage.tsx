import { type FormEvent, useState } from "react";
import { KIND_LABELS } from "../../../../shared/schemas/deadlines.ts";
import { OUTCOME_LABELS, OUTCOME_NOT_RECORDED } from "../../../../shared/schemas/grievances.ts";
import {
  REPORT_GROUP_LABELS,
  type TReportGroup,
  type TReportGroupBy,
  type TReportSummary,
  winRate,
} from "../../../../shared/schemas/reports.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { ApiError } from "../../../lib/api.ts";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useReport, useReportSummary } from "../api/reports.ts";
import { BarsChart } from "../components/BarsChart.tsx";
import { type ReportColumn, ReportSection } from "../components/ReportSection.tsx";
import type { Range } from "../queries.ts";

/** /reports: what the grievances add up to (stewards and admins; issue 21). */
export function ReportsPage() {
  return (
    <RequirePermission permission="view:all_grievances">
      <Reports />
    </RequirePermission>
  );
}

const OUTCOME_KEY_LABELS: Record<string, string> = {
  ...OUTCOME_LABELS,
  open: "Still open",
  not_recorded: OUTCOME_NOT_RECORDED,
};
const percent = (v: number | null) => (v === null ? "–" : `${Math.round(v * 100)}%`);
const days = (v: number | null) => (v === null ? "–" : `${v} days`);
const monthLabel = (key: string) =>
  new Date(`${key}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

const countColumns = (first: ReportColumn<TReportGroup>): ReportColumn<TReportGroup>[] => [
  first,
  { header: "Filed", value: (r) => r.filed, numeric: true },
  { header: "Still open", value: (r) => r.open, numeric: true },
  { header: "Closed", value: (r) => r.closed, numeric: true },
  { header: "Granted", value: (r) => r.granted, numeric: true },
  { header: "Settled", value: (r) => r.settled, numeric: true },
  { header: "Denied", value: (r) => r.denied, numeric: true },
  { header: "Withdrawn", value: (r) => r.withdrawn, numeric: true },
  { header: "Median days to close", value: (r) => r.medianDaysToClose, numeric: true },
];

const FILED_CLOSED = [
  { key: "filed", label: "Filed", style: "solid" as const },
  { key: "closed", label: "Closed", style: "outline" as const },
];

const DIMENSIONS = ["article", "department", "location", "jobTitle"] as const;

function Reports() {
  usePageTitle("Reports");
  const [range, setRange] = useState<Range>({ from: "", to: "" });
  const [draft, setDraft] = useState<Range>(range);
  const [dimension, setDimension] = useState<(typeof DIMENSIONS)[number]>("article");
  const months = useReport("month", range);
  const byDimension = useReport(dimension, range);
  const outcomes = useReport("outcome", range);
  const steps = useReport("step", range);
  const summary = useReportSummary(range);
  const shown = summary.data ?? months.data;
  const shownRange = { from: shown?.from ?? "", to: shown?.to ?? "" };
  const error = [months, byDimension, outcomes, steps, summary].find((q) => q.error)?.error;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Reports"
        subtitle={
          shown ? `Grievances from ${shown.from} to ${shown.to}` : "What your grievances add up to"
        }
      />
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <Field label="From">
          <Input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label="To">
          <Input
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <Button type="submit">Show</Button>
        {range.from || range.to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({ from: "", to: "" });
              setRange({ from: "", to: "" });
            }}
          >
            Last 365 days
          </Button>
        ) : null}
      </form>
      {error ? (
        <Alert tone="error">
          {error instanceof ApiError ? error.message : "Failed to load the reports."}
        </Alert>
      ) : null}

      {summary.data ? <Totals s={summary.data} /> : null}

      <ReportSection
        title="Filed and closed by month"
        description="Grievances filed in each month, and those closed in it."
        range={shownRange}
        rows={months.data?.groups ?? []}
        columns={countColumns({
          header: "Month",
          value: (r) => r.key,
          format: (r) => monthLabel(r.key),
        })}
        chart={
          <BarsChart
            data={(months.data?.groups ?? []).map((g) => ({ ...g, month: monthLabel(g.key) }))}
            category="month"
            series={FILED_CLOSED}
          />
        }
      />

      <ReportSection
        title={`By ${REPORT_GROUP_LABELS[dimension].toLowerCase()}`}
        description="Where the grievances come from: filed in the range, and closed in it. Articles are counted however they are spelled."
        range={shownRange}
        rows={byDimension.data?.groups ?? []}
        summary={
          <div className="max-w-xs">
            <Field label="Group by">
              <Select
                value={dimension}
                onChange={(e) => setDimension(e.target.value as (typeof DIMENSIONS)[number])}
              >
                {DIMENSIONS.map((d) => (
                  <option key={d} value={d}>
                    {REPORT_GROUP_LABELS[d]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        }
        columns={countColumns({
          header: REPORT_GROUP_LABELS[dimension as TReportGroupBy],
          value: (r) => r.key,
        })}
        chart={
          <BarsChart
            data={(byDimension.data?.groups ?? []).slice(0, 15)}
            category="key"
            series={FILED_CLOSED}
            horizontal
          />
        }
      />

      <ReportSection
        title="Outcomes and win rate"
        description="How the grievances closed in the range ended. Win rate: granted and settled, out of those granted, settled or denied."
        range={shownRange}
        rows={(outcomes.data?.groups ?? []).filter((g) => g.key !== "open")}
        summary={
          summary.data ? (
            <p className="text-sm">
              Win rate: <strong>{percent(summary.data.winRate)}</strong>
            </p>
          ) : null
        }
        columns={[
          {
            header: "Outcome",
            value: (r) => OUTCOME_KEY_LABELS[r.key] ?? r.key,
          },
          { header: "Closed", value: (r) => r.closed, numeric: true },
          { header: "Median days to close", value: (r) => r.medianDaysToClose, numeric: true },
        ]}
        chart={
          <BarsChart
            data={(outcomes.data?.groups ?? [])
              .filter((g) => g.key !== "open")
              .map((g) => ({ ...g, label: OUTCOME_KEY_LABELS[g.key] ?? g.key }))}
            category="label"
            series={[{ key: "closed", label: "Closed", style: "solid" }]}
            horizontal
          />
        }
      />

      <ReportSection
        title="Median days to close, per step"
        description="For the grievances closed in the range, by the step they closed at: days from filing to closing."
        range={shownRange}
        rows={(steps.data?.groups ?? []).filter((g) => g.closed > 0)}
        columns={[
          { header: "Step", value: (r) => r.key },
          { header: "Closed", value: (r) => r.closed, numeric: true },
          {
            header: "Median days to close",
            value: (r) => r.medianDaysToClose,
            format: (r) => days(r.medianDaysToClose),
            numeric: true,
          },
          {
            header: "Win rate",
            value: (r) => winRate(r),
            format: (r) => percent(winRate(r)),
            numeric: true,
          },
        ]}
        chart={
          <BarsChart
            data={(steps.data?.groups ?? []).filter((g) => g.closed > 0)}
            category="key"
            series={[{ key: "medianDaysToClose", label: "Median days to close", style: "solid" }]}
          />
        }
      />

      <ReportSection
        title="Deadlines met and missed"
        description="Deadlines that fell due in the range, by kind."
        range={shownRange}
        rows={(summary.data?.deadlines ?? []).filter((d) => d.met + d.missed + d.open > 0)}
        empty="No deadlines fell due in this range."
        columns={[
          { header: "Deadline", value: (r) => KIND_LABELS[r.kind] },
          { header: "Met", value: (r) => r.met, numeric: true },
          { header: "Missed", value: (r) => r.missed, numeric: true },
          { header: "Still running", value: (r) => r.open, numeric: true },
        ]}
        chart={
          <BarsChart
            data={(summary.data?.deadlines ?? [])
              .filter((d) => d.met + d.missed + d.open > 0)
              .map((d) => ({ ...d, label: KIND_LABELS[d.kind] }))}
            category="label"
            series={[
              { key: "met", label: "Met", style: "solid" },
              { key: "missed", label: "Missed", style: "outline" },
            ]}
          />
        }
      />

      <BackPay s={summary.data} range={shownRange} />
    </div>
  );
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

function Totals({ s }: { s: TReportSummary }) {
  const tiles: [string, string][] = [
    ["Filed", String(s.filed)],
    ["Closed", String(s.closed)],
    ["Win rate", percent(s.winRate)],
    ["Median days to close", s.medianDaysToClose === null ? "–" : String(s.medianDaysToClose)],
    ["Back pay recovered", money(s.backPay.recoveredCents, s.backPay.currency)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map(([label, value]) => (
        // A dl may hold div groups of dt and dd, nothing deeper: the card's look, one level.
        <div key={label} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`total-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BackPay({ s, range }: { s: TReportSummary | undefined; range: Range }) {
  const rows = s
    ? [
        { label: "Awarded", cents: s.backPay.awardedCents },
        { label: "Recovered", cents: s.backPay.recoveredCents },
        { label: "Still owed", cents: s.backPay.awardedCents - s.backPay.recoveredCents },
      ]
    : [];
  const currency = s?.backPay.currency ?? "USD";
  return (
    <ReportSection
      title="Back pay recovered"
      description="Money remedies of the grievances closed in the range, and how much of it the grievants confirmed received."
      range={range}
      rows={s && s.backPay.awardedCents > 0 ? rows : []}
      empty="No money remedies in this range."
      columns={[
        { header: "Back pay", value: (r) => r.label },
        {
          header: `Amount (${currency})`,
          value: (r) => (r.cents / 100).toFixed(2),
          format: (r) => money(r.cents, currency),
          numeric: true,
        },
      ]}
      chart={
        <BarsChart
          data={rows.map((r) => ({ ...r, amount: r.cents / 100 }))}
          category="label"
          series={[{ key: "amount", label: `Amount (${currency})`, style: "solid" }]}
          label={(v) => money(Number(v) * 100, currency)}
        />
      }
    />
  );
}
