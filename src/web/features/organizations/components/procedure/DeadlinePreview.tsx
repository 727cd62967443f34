import { useState } from "react";
import { formatLongDay, isIsoDate, todayIn } from "../../../../../shared/procedure/index.ts";
import type { TLimit } from "../../../../../shared/schemas/procedure.ts";
import { Field } from "../../../../components/ui/field.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { useDeadlinePreview } from "../../api/procedure.ts";

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
  const [from, setFrom] = useState(() => todayIn(timeZone, new Date()));
  const preview = useDeadlinePreview(from, limit);
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-44">
          <Field label="Try a filing date">
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
        </div>
        <p className="pb-2 text-sm text-muted-foreground">
          Employer's answer to {stepName || "the first step"}
        </p>
      </div>
      {limit === null ? (
        <p className="text-sm">The first step has no time limit for the employer's answer.</p>
      ) : !isIsoDate(from) ? (
        <p className="text-sm text-muted-foreground">Choose a date to see when it falls due.</p>
      ) : preview.data ? (
        <div className="space-y-2">
          <p className="font-medium" data-testid="deadline-preview">
            Filed on {formatLongDay(from)}: due {formatLongDay(preview.data.dueDate)}
          </p>
          <ul
            className="space-y-0.5 text-sm text-muted-foreground"
            aria-label="How it was computed"
          >
            {preview.data.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : preview.isError ? (
        <p className="text-sm text-destructive">The preview could not be computed.</p>
      ) : (
        <p className="text-sm text-muted-foreground">Counting...</p>
      )}
      <p className="text-xs text-muted-foreground">
        Counted with the saved holiday region and closure days; save to preview changes to them.
      </p>
    </div>
  );
}
