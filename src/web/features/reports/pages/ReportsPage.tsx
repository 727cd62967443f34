import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DefaultListName } from "../../../../shared/i18n/default-labels.ts";
import { formatDate, formatNumber } from "../../../../shared/i18n/format.ts";
import { type Language, LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import {
  ReportMessages,
  type TReportGroup,
  type TReportSummary,
  winRate,
} from "../../../../shared/schemas/reports.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDefaults } from "../../../lib/default-labels.ts";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
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

type T = TFunction<["reports", "deadlines"]>;

/** An outcome key of the report ('granted', 'open', 'not_recorded'...) in words. */
const outcomeLabel = (t: T, key: string) => t(`outcomes.${key}`, { defaultValue: key });
const percent = (language: Language, v: number | null) =>
  v === null
    ? "–"
    : new Intl.NumberFormat(LOCALE_TAG[language], {
        style: "percent",
        maximumFractionDigits: 0,
      }).format(v);
const days = (t: T, language: Language, v: number | null) =>
  v === null ? "–" : t("days", { count: v, number: formatNumber(language, v) });
/** 'Nov 2026', 'nov 2026': the month's name through Intl in the reader's language. */
const monthLabel = (language: Language, key: string) =>
  new Intl.DateTimeFormat(LOCALE_TAG[language], {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${key}-01T00:00:00Z`));
/** An amount for the CSV: a plain number with the reader's decimal mark (issue 31). */
const csvAmount = (language: Language, cents: number) =>
  new Intl.NumberFormat(LOCALE_TAG[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
/** The range's ends: as the API gives them in English (the spec's), else through Intl. */
const rangeDay = (language: Language, day: string) =>
  language === "en" ? day : formatDate(language, day);

const countColumns = (t: T, first: ReportColumn<TReportGroup>): ReportColumn<TReportGroup>[] => [
  first,
  { header: t("columns.filed"), value: (r) => r.filed, numeric: true },
  { header: t("columns.open"), value: (r) => r.open, numeric: true },
  { header: t("columns.closed"), value: (r) => r.closed, numeric: true },
  { header: t("columns.granted"), value: (r) => r.granted, numeric: true },
  { header: t("columns.settled"), value: (r) => r.settled, numeric: true },
  { header: t("columns.denied"), value: (r) => r.denied, numeric: true },
  { header: t("columns.withdrawn"), value: (r) => r.withdrawn, numeric: true },
  { header: t("columns.medianDays"), value: (r) => r.medianDaysToClose, numeric: true },
];

const filedClosed = (t: T) => [
  { key: "filed", label: t("columns.filed"), style: "solid" as const },
  { key: "closed", label: t("columns.closed"), style: "outline" as const },
];

const DIMENSIONS = ["article", "department", "location", "jobTitle"] as const;
const LIST_OF: Record<(typeof DIMENSIONS)[number], DefaultListName | null> = {
  article: null,
  department: "departments",
  location: "locations",
  jobTitle: "jobTitles",
};

function Reports() {
  const { t } = useTranslation(["reports", "deadlines"]);
  const language = currentLanguage();
  const defaults = useDefaults();
  usePageTitle(t("title"));
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
  // A default department, location or job title in the reader's words (decision 039).
  const list = LIST_OF[dimension];
  const rowLabel = (key: string) => (list ? defaults.entry(list, key) : key);
  const error = [months, byDimension, outcomes, steps, summary].find((q) => q.error)?.error;
  // A reversed range is refused here, before five requests come back 400 with it.
  const [rangeError, setRangeError] = useState(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const reversed = Boolean(draft.from && draft.to && draft.from > draft.to);
    setRangeError(reversed);
    if (!reversed) setRange(draft);
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={
          shown
            ? t("range", {
                from: rangeDay(language, shown.from),
                to: rangeDay(language, shown.to),
              })
            : t("subtitle")
        }
      />
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3"
        aria-label={t("form.label")}
      >
        <Field label={t("form.from")}>
          <Input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t("form.to")}>
          <Input
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <Button type="submit">{t("form.show")}</Button>
        {range.from || range.to ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft({ from: "", to: "" });
              setRange({ from: "", to: "" });
              setRangeError(false);
            }}
          >
            {t("form.reset")}
          </Button>
        ) : null}
      </form>
      {rangeError ? (
        <Alert tone="error">{translateMessage(ReportMessages.range)}</Alert>
      ) : error ? (
        <Alert tone="error">
          {error instanceof ApiError ? translateMessage(error.message) : t("loadFailed")}
        </Alert>
      ) : null}

      {summary.data ? <Totals s={summary.data} /> : null}

      <ReportSection
        title={t("months.title")}
        description={t("months.description")}
        range={shownRange}
        rows={months.data?.groups ?? []}
        columns={countColumns(t, {
          header: t("groupBy.month"),
          value: (r) => r.key,
          format: (r) => monthLabel(language, r.key),
        })}
        chart={
          <BarsChart
            data={(months.data?.groups ?? []).map((g) => ({
              ...g,
              month: monthLabel(language, g.key),
            }))}
            category="month"
            series={filedClosed(t)}
          />
        }
      />

      <ReportSection
        title={t(`byDimension.${dimension}`)}
        description={t("byDimension.description")}
        range={shownRange}
        rows={byDimension.data?.groups ?? []}
        summary={
          <div className="max-w-xs">
            <Field label={t("byDimension.groupBy")}>
              <Select
                value={dimension}
                onChange={(e) => setDimension(e.target.value as (typeof DIMENSIONS)[number])}
              >
                {DIMENSIONS.map((d) => (
                  <option key={d} value={d}>
                    {t(`groupBy.${d}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        }
        columns={countColumns(t, {
          header: t(`groupBy.${dimension}`),
          value: (r) => rowLabel(r.key),
        })}
        chart={
          <BarsChart
            data={(byDimension.data?.groups ?? [])
              .slice(0, 15)
              .map((g) => ({ ...g, key: rowLabel(g.key) }))}
            category="key"
            series={filedClosed(t)}
            horizontal
          />
        }
      />

      <ReportSection
        title={t("outcomesSection.title")}
        description={t("outcomesSection.description")}
        range={shownRange}
        rows={(outcomes.data?.groups ?? []).filter((g) => g.key !== "open")}
        summary={
          summary.data ? (
            <p className="text-sm">
              {t("outcomesSection.winRate")}{" "}
              <strong>{percent(language, summary.data.winRate)}</strong>
            </p>
          ) : null
        }
        columns={[
          {
            header: t("groupBy.outcome"),
            value: (r) => outcomeLabel(t, r.key),
          },
          { header: t("columns.closed"), value: (r) => r.closed, numeric: true },
          {
            header: t("columns.medianDays"),
            value: (r) => r.medianDaysToClose,
            numeric: true,
          },
        ]}
        chart={
          <BarsChart
            data={(outcomes.data?.groups ?? [])
              .filter((g) => g.key !== "open")
              .map((g) => ({ ...g, label: outcomeLabel(t, g.key) }))}
            category="label"
            series={[{ key: "closed", label: t("columns.closed"), style: "solid" }]}
            horizontal
          />
        }
      />

      <ReportSection
        title={t("steps.title")}
        description={t("steps.description")}
        range={shownRange}
        rows={(steps.data?.groups ?? []).filter((g) => g.closed > 0)}
        columns={[
          { header: t("groupBy.step"), value: (r) => defaults.step(r.key) },
          { header: t("columns.closed"), value: (r) => r.closed, numeric: true },
          {
            header: t("columns.medianDays"),
            value: (r) => r.medianDaysToClose,
            format: (r) => days(t, language, r.medianDaysToClose),
            numeric: true,
          },
          {
            header: t("columns.winRate"),
            value: (r) => winRate(r),
            format: (r) => percent(language, winRate(r)),
            numeric: true,
          },
        ]}
        chart={
          <BarsChart
            data={(steps.data?.groups ?? [])
              .filter((g) => g.closed > 0)
              .map((g) => ({ ...g, key: defaults.step(g.key) }))}
            category="key"
            series={[{ key: "medianDaysToClose", label: t("columns.medianDays"), style: "solid" }]}
          />
        }
      />

      <ReportSection
        title={t("deadlinesSection.title")}
        description={t("deadlinesSection.description")}
        range={shownRange}
        rows={(summary.data?.deadlines ?? []).filter((d) => d.met + d.missed + d.open > 0)}
        empty={t("deadlinesSection.empty")}
        columns={[
          { header: t("deadlinesSection.deadline"), value: (r) => t(`deadlines:kinds.${r.kind}`) },
          { header: t("deadlinesSection.met"), value: (r) => r.met, numeric: true },
          { header: t("deadlinesSection.missed"), value: (r) => r.missed, numeric: true },
          { header: t("deadlinesSection.running"), value: (r) => r.open, numeric: true },
        ]}
        chart={
          <BarsChart
            data={(summary.data?.deadlines ?? [])
              .filter((d) => d.met + d.missed + d.open > 0)
              .map((d) => ({ ...d, label: t(`deadlines:kinds.${d.kind}`) }))}
            category="label"
            series={[
              { key: "met", label: t("deadlinesSection.met"), style: "solid" },
              { key: "missed", label: t("deadlinesSection.missed"), style: "outline" },
            ]}
          />
        }
      />

      <BackPay s={summary.data} range={shownRange} />
    </div>
  );
}

const money = (language: Language, cents: number, currency: string) =>
  new Intl.NumberFormat(LOCALE_TAG[language], { style: "currency", currency }).format(cents / 100);

function Totals({ s }: { s: TReportSummary }) {
  const { t } = useTranslation("reports");
  const language = currentLanguage();
  const number = (v: number | null) => (v === null ? "–" : formatNumber(language, v));
  // Keyed by the tile's test id, 'total-{key}': its English label, the same in every language.
  const tiles: Record<string, [label: string, value: string]> = {
    Filed: [t("columns.filed"), number(s.filed)],
    Closed: [t("columns.closed"), number(s.closed)],
    "Win rate": [t("columns.winRate"), percent(language, s.winRate)],
    "Median days to close": [t("columns.medianDays"), number(s.medianDaysToClose)],
    "Median days to answer information": [
      t("information.medianDays"),
      number(s.information.medianDaysToAnswer),
    ],
    "Information answered in time": [
      t("information.inTime"),
      percent(language, s.information.answeredInTime),
    ],
    "Back pay recovered": [
      t("backPay.title"),
      money(language, s.backPay.recoveredCents, s.backPay.currency),
    ],
  };
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {Object.entries(tiles).map(([id, [label, value]]) => (
        // A dl may hold div groups of dt and dd, nothing deeper: the card's look, one level.
        <div key={id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid={`total-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BackPay({ s, range }: { s: TReportSummary | undefined; range: Range }) {
  const { t } = useTranslation("reports");
  const language = currentLanguage();
  const rows = s
    ? [
        { label: t("backPay.awarded"), cents: s.backPay.awardedCents },
        { label: t("backPay.recovered"), cents: s.backPay.recoveredCents },
        {
          label: t("backPay.owed"),
          cents: s.backPay.awardedCents - s.backPay.recoveredCents,
        },
      ]
    : [];
  const currency = s?.backPay.currency ?? "USD";
  return (
    <ReportSection
      title={t("backPay.title")}
      description={t("backPay.description")}
      range={range}
      rows={s && s.backPay.awardedCents > 0 ? rows : []}
      empty={t("backPay.empty")}
      columns={[
        { header: t("backPay.column"), value: (r) => r.label },
        {
          header: t("backPay.amount", { currency }),
          // The reader's decimal mark, no grouping: '1234.50' in English, '1234,50' in French.
          value: (r) => csvAmount(language, r.cents),
          format: (r) => money(language, r.cents, currency),
          numeric: true,
        },
      ]}
      chart={
        <BarsChart
          data={rows.map((r) => ({ ...r, amount: r.cents / 100 }))}
          category="label"
          series={[{ key: "amount", label: t("backPay.amount", { currency }), style: "solid" }]}
          label={(v) => money(language, Number(v) * 100, currency)}
        />
      }
    />
  );
}
