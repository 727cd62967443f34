import { Plus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isIsoDate } from "../../../../../shared/deadline-engine/index.ts";
import { ProcedureMessages, type TClosure } from "../../../../../shared/schemas/procedure.ts";
import { Button } from "../../../../components/ui/Button.tsx";
import { Field } from "../../../../components/ui/Field.tsx";
import { IconButton } from "../../../../components/ui/IconButton.tsx";
import { Input } from "../../../../components/ui/Input.tsx";
import { currentLanguage, translateMessage } from "../../../../lib/i18n.ts";
import { dayLabel } from "./days.ts";

/** The local's own closure days (office closed), kept in date order. */
export function ClosuresEditor({
  closures,
  onChange,
  errors,
}: {
  closures: TClosure[];
  onChange: (closures: TClosure[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("organizations");
  const language = currentLanguage();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const [draftError, setDraftError] = useState<{ date?: string; name?: string }>({});

  function add() {
    const trimmed = name.trim();
    const problems: { date?: string; name?: string } = {};
    if (!isIsoDate(date)) problems.date = ProcedureMessages.date;
    else if (closures.some((c) => c.date === date))
      problems.date = ProcedureMessages.closureDuplicate;
    if (!trimmed) problems.name = ProcedureMessages.closureName;
    setDraftError(problems);
    if (problems.date || problems.name) return;
    onChange([...closures, { date, name: trimmed }].sort((a, b) => a.date.localeCompare(b.date)));
    setDate("");
    setName("");
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-[11rem_1fr_auto] sm:items-start">
        <Field
          label={t("procedure.closures.date")}
          error={draftError.date && translateMessage(draftError.date)}
        >
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field
          label={t("procedure.closures.what")}
          error={draftError.name && translateMessage(draftError.name)}
        >
          <Input
            value={name}
            maxLength={80}
            placeholder={t("procedure.closures.placeholder")}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button variant="outline" className="sm:mt-7" onClick={add}>
          <Plus aria-hidden /> {t("procedure.closures.add")}
        </Button>
      </div>
      {closures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("procedure.closures.none")}</p>
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border"
          aria-label={t("procedure.closures.list")}
        >
          {closures.map((c, i) => {
            const error = errors[`closures.${i}.date`] ?? errors[`closures.${i}.name`];
            return (
              <li key={c.date} className="flex items-center gap-3 py-1 pl-3 pr-1 text-sm">
                <span className="w-28 shrink-0 font-medium tabular-nums">
                  {dayLabel(language, c.date)}
                </span>
                <span className="min-w-0 flex-1 break-words">{c.name}</span>
                {error && (
                  <span role="alert" className="text-destructive">
                    {translateMessage(error)}
                  </span>
                )}
                <IconButton
                  label={t("procedure.closures.remove", { date: dayLabel(language, c.date) })}
                  icon={X}
                  onClick={() => onChange(closures.filter((x) => x.date !== c.date))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {errors.closures && (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(errors.closures)}
        </p>
      )}
    </div>
  );
}
