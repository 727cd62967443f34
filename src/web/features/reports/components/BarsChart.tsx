import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatNumber } from "../../../../shared/i18n/format.ts";
import { currentLanguage } from "../../../lib/i18n.ts";

export interface Series {
  key: string;
  label: string;
  /** Solid or outlined bars: the series differ by more than their colour. */
  style: "solid" | "outline";
}

const COLOR = { solid: "var(--color-primary)", outline: "var(--color-foreground)" };

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-sm" aria-hidden>
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-2">
          <span
            className={`inline-block size-3.5 rounded-sm border-2 ${
              s.style === "solid" ? "border-primary bg-primary" : "border-foreground bg-transparent"
            }`}
          />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * Grouped bars (Recharts, loaded with the reports page only). Categories run along the
 * bottom, or down the side (`horizontal`) for long names such as articles; each bar carries
 * its value, so the figures read without the colours or a tooltip.
 */
export function BarsChart<T extends object>({
  data,
  category,
  series,
  horizontal = false,
  label,
}: {
  data: T[];
  category: string;
  series: Series[];
  horizontal?: boolean;
  label?: (value: unknown) => string;
}) {
  useTranslation(); // re-renders in a new language
  const language = currentLanguage();
  const number = (v: unknown) => (typeof v === "number" ? formatNumber(language, v) : String(v));
  const height = horizontal ? Math.max(160, data.length * (series.length * 22 + 14) + 40) : 280;
  return (
    <div className="space-y-2 text-muted-foreground">
      <Legend series={series} />
      <div style={{ height }} className="w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout={horizontal ? "vertical" : "horizontal"}
            margin={{ top: 16, right: 24, bottom: 4, left: 4 }}
          >
            <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
            {horizontal ? (
              <>
                <XAxis
                  type="number"
                  allowDecimals={false}
                  tick={{ fill: "currentColor" }}
                  tickFormatter={number}
                />
                <YAxis
                  type="category"
                  dataKey={category}
                  width={120}
                  tick={{ fill: "currentColor", fontSize: 12 }}
                  tickFormatter={(v: string) => (v.length > 18 ? `${v.slice(0, 17)}…` : v)}
                />
              </>
            ) : (
              <>
                <XAxis dataKey={category} tick={{ fill: "currentColor", fontSize: 12 }} />
                <YAxis
                  allowDecimals={false}
                  width={40}
                  tick={{ fill: "currentColor" }}
                  tickFormatter={number}
                />
              </>
            )}
            <Tooltip
              contentStyle={{
                background: "var(--color-card)",
                border: "1px solid var(--color-border)",
                color: "var(--color-foreground)",
              }}
              cursor={{ fill: "var(--color-muted)" }}
              formatter={(v: unknown) => (label ? label(v) : number(v))}
            />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.style === "solid" ? COLOR.solid : "transparent"}
                stroke={COLOR[s.style]}
                strokeWidth={s.style === "outline" ? 2 : 0}
                isAnimationActive={false}
              >
                <LabelList
                  dataKey={s.key}
                  position={horizontal ? "right" : "top"}
                  fill="currentColor"
                  fontSize={11}
                  formatter={(v: unknown) => (label ? label(v) : v === null ? "" : number(v))}
                />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
