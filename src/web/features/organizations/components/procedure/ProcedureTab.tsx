import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import {
  type TClosure,
  type TLimit,
  type TProcedure,
  ZProcedureInput,
} from "../../../../../shared/schemas/procedure.ts";
import { Button } from "../../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../../components/ui/card.tsx";
import { LoadingScreen } from "../../../../components/ui/spinner.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { useProcedure, useSaveProcedure } from "../../api/procedure.ts";
import { ClosuresEditor } from "./ClosuresEditor.tsx";
import { DeadlinePreview } from "./DeadlinePreview.tsx";
import { LimitInput } from "./LimitInput.tsx";
import { RegionPicker } from "./RegionPicker.tsx";
import { newStepKey, type StepDraft, StepsEditor } from "./StepsEditor.tsx";
import { TimeZonePicker } from "./TimeZonePicker.tsx";

interface Draft {
  filingLimit: TLimit;
  steps: StepDraft[];
  holidayRegion: string | null;
  closures: TClosure[];
  timeZone: string;
}

const toDraft = (p: TProcedure): Draft => ({
  ...p,
  steps: p.steps.map((s) => ({ ...s, key: newStepKey() })),
});

const toInput = (d: Draft) => ({
  ...d,
  steps: d.steps.map(({ key: _key, ...s }) => s),
});

/** Field errors keyed like the API's ("steps.0.name"), from the shared schema or the server. */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join(".")] ??= issue.message;
  return out;
}

/** Admins: the grievance procedure, its limits and the calendar deadlines are counted on. */
export function ProcedureTab() {
  const procedure = useProcedure();
  const save = useSaveProcedure();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = useRef(false);

  useEffect(() => {
    if (!procedure.data || loaded.current) return;
    loaded.current = true;
    setDraft(toDraft(procedure.data));
  }, [procedure.data]);

  if (procedure.isError) {
    return <p className="text-destructive">The procedure could not be loaded. Please reload.</p>;
  }
  if (!draft) return <LoadingScreen label="Loading the procedure..." />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  async function submit() {
    if (!draft) return;
    const parsed = ZProcedureInput.safeParse(toInput(draft));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      toast.error("Please check the procedure", { description: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setErrors({});
      setDraft(toDraft(saved));
      toast.success("Procedure saved", {
        description: "New deadlines follow it; deadlines already open keep their dates.",
      });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error("Save failed", {
        description: error instanceof Error ? error.message : "Please try again.",
      });
    }
  }

  const first = draft.steps[0];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Time limits</CardTitle>
          <CardDescription>
            Day 0 is the day of the event; business days skip weekends, public holidays and closure
            days; a calendar-day limit that ends on one of them moves to the next business day.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="max-w-sm">
            <LimitInput
              label="File a grievance within (from the incident)"
              value={draft.filingLimit}
              error={errors["filingLimit.days"] ?? errors.filingLimit}
              onChange={(filingLimit) => filingLimit && set({ filingLimit })}
            />
          </div>
          <StepsEditor steps={draft.steps} onChange={(steps) => set({ steps })} errors={errors} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Calendar</CardTitle>
          <CardDescription>
            Public holidays come from a maintained holiday library; add the local's own closure days
            on top.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <RegionPicker
            value={draft.holidayRegion}
            error={errors.holidayRegion}
            onChange={(holidayRegion) => set({ holidayRegion })}
          />
          <ClosuresEditor
            closures={draft.closures}
            errors={errors}
            onChange={(closures) => set({ closures })}
          />
          <div className="max-w-sm">
            <TimeZonePicker
              value={draft.timeZone}
              error={errors.timeZone}
              onChange={(timeZone) => set({ timeZone })}
            />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
        </CardHeader>
        <CardContent>
          <DeadlinePreview
            stepName={first?.name ?? ""}
            limit={first?.responseLimit ?? null}
            timeZone={procedure.data?.timeZone ?? draft.timeZone}
          />
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button size="lg" className="w-full sm:w-auto" onClick={submit} disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save procedure"}
        </Button>
      </div>
    </div>
  );
}
