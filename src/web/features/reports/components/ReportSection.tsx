import { BarChart3, Download, Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { csvFileName, toCsv } from "../csv.ts";

export interface ReportColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
  /** How the table shows the value (the CSV keeps the raw one). */
  format?: (row: T) => ReactNode;
  numeric?: boolean;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * One report: its chart or, at a click, the same figures as a table (the accessible
 * alternative), and a CSV download of the table. Screen readers get the table's caption as
 * the chart's description.
 */
export function ReportSection<T>({
  title,
  description,
  rows,
  columns,
  chart,
  range,
  summary,
  empty,
}: {
  title: string;
  description: string;
  rows: T[];
  columns: ReportColumn<T>[];
  chart: ReactNode;
  range: { from: string; to: string };
  summary?: ReactNode;
  empty?: string;
}) {
  const { t } = useTranslation("reports");
  const [view, setView] = useState<"chart" | "table">("chart");
  const id = useId();
  const headingId = `${id}-title`;
  const csv = () =>
    download(
      csvFileName(title, range.from, range.to),
      toCsv(
        columns.map((c) => c.header),
        rows.map((r) => columns.map((c) => c.value(r))),
      ),
    );
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={headingId}>{title}</CardTitle>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <fieldset className="inline-flex overflow-hidden rounded-md border border-border">
            <legend className="sr-only">{t("section.viewAs", { title })}</legend>
            <Button
              size="sm"
              variant={view === "chart" ? "primary" : "ghost"}
              className="rounded-none"
              aria-pressed={view === "chart"}
              onClick={() => setView("chart")}
            >
              <BarChart3 aria-hidden />
              {t("section.chart")}
            </Button>
            <Button
              size="sm"
              variant={view === "table" ? "primary" : "ghost"}
              className="rounded-none"
              aria-pressed={view === "table"}
              onClick={() => setView("table")}
            >
              <Table2 aria-hidden />
              {t("section.table")}
            </Button>
          </fieldset>
          <Button size="sm" variant="outline" onClick={csv} disabled={rows.length === 0}>
            <Download aria-hidden />
            {t("section.csv")}
            <span className="sr-only">{t("section.csvOf", { title })}</span>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {summary}
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty ?? t("section.empty")}</p>
        ) : view === "chart" ? (
          <figure aria-label={t("section.figure", { title })}>{chart}</figure>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  {columns.map((c) => (
                    <th
                      key={c.header}
                      scope="col"
                      className={`px-2 py-2 font-medium ${c.numeric ? "text-right" : ""}`}
                    >
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is fixed
                  <tr key={i} className="border-b border-border last:border-0">
                    {columns.map((c, j) =>
                      j === 0 ? (
                        <th key={c.header} scope="row" className="px-2 py-2 text-left font-medium">
                          {c.format ? c.format(r) : c.value(r)}
                        </th>
                      ) : (
                        <td
                          key={c.header}
                          className={`px-2 py-2 ${c.numeric ? "text-right tabular-nums" : ""}`}
                        >
                          {c.format ? c.format(r) : (c.value(r) ?? "–")}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
