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

/** What the list is: the local's closures, or the contract's own holidays (issue 30). */
const KINDS = {
  closures: {
    words: "procedure.closures",
    field: "closures",
    duplicate: ProcedureMessages.closureDuplicate,
    name: ProcedureMessages.closureName,
  },
  contractHolidays: {
    words: "procedure.contractHolidays",
    field: "holidays.added",
    duplicate: ProcedureMessages.holidayDuplicate,
    name: ProcedureMessages.holidayName,
  },
} as const;

/** Named days kept in date order: the local's closure days (office closed), or contract holidays. */
export function ClosuresEditor({
  closures,
  onChange,
  errors,
  kind = "closures",
}: {
  closures: TClosure[];
  onChange: (closures: TClosure[]) => void;
  errors: Record<string, string>;
  kind?: keyof typeof KINDS;
}) {
  const { t: translate } = useTranslation("organizations");
  const { words, field, duplicate, name: nameMessage } = KINDS[kind];
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`${words}.${key}`, options);
  const language = currentLanguage();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  const [draftError, setDraftError] = useState<{ date?: string; name?: string }>({});

  function add() {
    const trimmed = name.trim();
    const problems: { date?: string; name?: string } = {};
    if (!isIsoDate(date)) problems.date = ProcedureMessages.date;
    else if (closures.some((c) => c.date === date)) problems.date = duplicate;
    if (!trimmed) problems.name = nameMessage;
    setDraftError(problems);
    if (problems.date || problems.name) return;
    onChange([...closures, { date, name: trimmed }].sort((a, b) => a.date.localeCompare(b.date)));
    setDate("");
    setName("");
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-[11rem_1fr_auto] sm:items-start">
        <Field label={t("date")} error={draftError.date && translateMessage(draftError.date)}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field label={t("what")} error={draftError.name && translateMessage(draftError.name)}>
          <Input
            value={name}
            maxLength={80}
            placeholder={t("placeholder")}
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
          <Plus aria-hidden /> {t("add")}
        </Button>
      </div>
      {closures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ul
          className="divide-y divide-border rounded-lg border border-border"
          aria-label={t("list")}
        >
          {closures.map((c, i) => {
            const error = errors[`${field}.${i}.date`] ?? errors[`${field}.${i}.name`];
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
                  label={t("remove", { date: dayLabel(language, c.date) })}
                  icon={X}
                  onClick={() => onChange(closures.filter((x) => x.date !== c.date))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {errors[field] && (
        <p role="alert" className="text-sm text-destructive">
          {translateMessage(errors[field])}
        </p>
      )}
    </div>
  );
}
