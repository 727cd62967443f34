import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TContractHolidays } from "../../../../../shared/schemas/procedure.ts";
import { Button } from "../../../../components/ui/Button.tsx";
import { currentLanguage, translateMessage } from "../../../../lib/i18n.ts";
import { usePublicHolidays } from "../../api/procedure.ts";
import { ClosuresEditor } from "./ClosuresEditor.tsx";
import { dayLabel } from "./days.ts";

/**
 * The contract's holidays on top of the region's (issue 30, product-decisions.md 34): the
 * region's public holidays of a year, each of which the contract may work (`removed`), and the
 * contract's own holidays (`added`).
 */
export function HolidaysEditor({
  region,
  today,
  value,
  onChange,
  errors,
}: {
  region: string | null;
  /** The organization's day: the list opens on its year. */
  today: string;
  value: TContractHolidays;
  onChange: (holidays: TContractHolidays) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("organizations");
  const language = currentLanguage();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const holidays = usePublicHolidays(region, year);
  const removed = new Set(value.removed);
  const removedError = Object.entries(errors).find(([k]) => k.startsWith("holidays.removed"))?.[1];

  function toggle(date: string, worked: boolean) {
    const next = worked ? [...value.removed, date] : value.removed.filter((d) => d !== date);
    onChange({ ...value, removed: [...new Set(next)].sort() });
  }

  return (
    <div className="space-y-6">
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t("procedure.worked.title")}</legend>
        <p className="text-sm text-muted-foreground">{t("procedure.worked.description")}</p>
        {region === null ? (
          <p className="text-sm text-muted-foreground">{t("procedure.worked.noRegion")}</p>
        ) : (
          <>
            <div className="flex items-center gap-2">
              <span className="text-sm text-muted-foreground">{t("procedure.worked.year")}</span>
              {[thisYear, thisYear + 1].map((y) => (
                <Button
                  key={y}
                  size="sm"
                  variant={y === year ? "primary" : "outline"}
                  aria-pressed={y === year}
                  onClick={() => setYear(y)}
                >
                  {y}
                </Button>
              ))}
            </div>
            {holidays.isError ? (
              <p className="text-sm text-destructive">{t("procedure.worked.loadFailed")}</p>
            ) : (
              <ul
                className="divide-y divide-border rounded-lg border border-border"
                aria-label={t("procedure.worked.list", { year })}
              >
                {(holidays.data?.holidays ?? []).map((h) => (
                  <li key={h.date} className="flex items-center gap-3 px-3 py-1.5 text-sm">
                    <label className="flex flex-1 items-center gap-3">
                      <input
                        type="checkbox"
                        checked={removed.has(h.date)}
                        onChange={(e) => toggle(h.date, e.target.checked)}
                      />
                      <span className="w-28 shrink-0 font-medium tabular-nums">
                        {dayLabel(language, h.date)}
                      </span>
                      <span className="min-w-0 flex-1 break-words">
                        {h.names[language] || h.name}
                      </span>
                      {removed.has(h.date) && (
                        <span className="text-muted-foreground">
                          {t("procedure.worked.worked")}
                        </span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {removedError && (
          <p role="alert" className="text-sm text-destructive">
            {translateMessage(removedError)}
          </p>
        )}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t("procedure.contractHolidays.title")}</legend>
        <ClosuresEditor
          kind="contractHolidays"
          closures={value.added}
          errors={errors}
          onChange={(added) => onChange({ ...value, added })}
        />
      </fieldset>
    </div>
  );
}
