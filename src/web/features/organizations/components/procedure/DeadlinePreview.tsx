import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isIsoDate, todayIn } from "../../../../../shared/deadline-engine/index.ts";
import type { TLimit } from "../../../../../shared/schemas/procedure.ts";
import { Field } from "../../../../components/ui/Field.tsx";
import { Input } from "../../../../components/ui/Input.tsx";
import { currentLanguage } from "../../../../lib/i18n.ts";
import { useLineText } from "../../../../lib/line-text.ts";
import { useDeadlinePreview } from "../../api/procedure.ts";
import { longDayLabel } from "./days.ts";

/**
 * A live check of the rules: when the employer's answer to the first step falls due for a
 * grievance filed on a given day, counted by the server with the saved holidays and closures.
 */
export function DeadlinePreview({
  stepName,
  limit,
  timeZone,
}: {
  stepName: string;
  limit: TLimit | null;
  timeZone: string;
}) {
  const { t } = useTranslation("organizations");
  // The engine's lines, written in the reader's language (shared/i18n/render-line.ts).
  const lineText = useLineText();
  const language = currentLanguage();
  const [from, setFrom] = useState(() => todayIn(timeZone, new Date()));
  const preview = useDeadlinePreview(from, limit);
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <Field label={t("procedure.deadline.from")}>
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
        </div>
        <p className="pb-2 text-sm text-muted-foreground">
          {t("procedure.deadline.answerTo", {
            step: stepName || t("procedure.deadline.firstStep"),
          })}
        </p>
      </div>
      {limit === null ? (
        <p className="text-sm">{t("procedure.deadline.noLimit")}</p>
      ) : !isIsoDate(from) ? (
        <p className="text-sm text-muted-foreground">{t("procedure.deadline.chooseDate")}</p>
      ) : preview.data ? (
        <div className="space-y-2">
          <p className="font-medium" data-testid="deadline-preview">
            {t("procedure.deadline.due", {
              filed: longDayLabel(language, from),
              due: longDayLabel(language, preview.data.dueDate),
            })}
          </p>
          <ul
            className="space-y-0.5 text-sm text-muted-foreground"
            aria-label={t("procedure.deadline.how")}
          >
            {preview.data.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one explanation, in order
              <li key={i}>{lineText(line)}</li>
            ))}
          </ul>
        </div>
      ) : preview.isError ? (
        <p className="text-sm text-destructive">{t("procedure.deadline.failed")}</p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("procedure.deadline.counting")}</p>
      )}
      <p className="text-xs text-muted-foreground">{t("procedure.deadline.note")}</p>
    </div>
  );
}
