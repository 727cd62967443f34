import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn } from "../../../../../shared/deadline-engine/index.ts";
import {
  type TClosure,
  type TContractHolidays,
  type TInternalAppeal,
  type TLimit,
  type TProcedure,
  ZProcedureInput,
} from "../../../../../shared/schemas/procedure.ts";
import { Button } from "../../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../../components/ui/Card.tsx";
import { LoadingScreen } from "../../../../components/ui/Spinner.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { useDefaults } from "../../../../lib/default-labels.ts";
import { translateMessage } from "../../../../lib/i18n.ts";
import { toast } from "../../../../lib/toast.ts";
import { useProcedure, useSaveProcedure } from "../../api/procedure.ts";
import { ClosuresEditor } from "./ClosuresEditor.tsx";
import { DeadlinePreview } from "./DeadlinePreview.tsx";
import { HolidaysEditor } from "./HolidaysEditor.tsx";
import { LimitInput } from "./LimitInput.tsx";
import { RegionPicker } from "./RegionPicker.tsx";
import { RepresentationSettings } from "./RepresentationSettings.tsx";
import { newStepKey, type StepDraft, StepsEditor } from "./StepsEditor.tsx";
import { TimeZonePicker } from "./TimeZonePicker.tsx";

interface Draft {
  filingLimit: TLimit;
  steps: StepDraft[];
  holidayRegion: string | null;
  closures: TClosure[];
  holidays: TContractHolidays;
  timeZone: string;
  informationResponseLimit: TLimit;
  tollWhileInformationPending: boolean;
  contactLimit: TLimit;
  replyLimit: TLimit;
  internalAppeal: TInternalAppeal | null;
}

/**
 * A default step's name shows in the admin's words ('Paso 1'); saved unchanged, the server
 * stores it as the default again (decision 039), so it stays translated for every reader.
 */
const toDraft = (p: TProcedure, step: (name: string) => string): Draft => ({
  ...p,
  steps: p.steps.map((s) => ({ ...s, name: step(s.name), key: newStepKey() })),
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
  const { t } = useTranslation("organizations");
  const defaults = useDefaults();
  const procedure = useProcedure();
  const save = useSaveProcedure();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = useRef(false);

  useEffect(() => {
    if (!procedure.data || loaded.current) return;
    loaded.current = true;
    setDraft(toDraft(procedure.data, defaults.step));
  }, [procedure.data, defaults.step]);

  if (procedure.isError) {
    return <p className="text-destructive">{t("procedure.loadFailed")}</p>;
  }
  if (!draft) return <LoadingScreen label={t("procedure.loading")} />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  async function submit() {
    if (!draft) return;
    const parsed = ZProcedureInput.safeParse(toInput(draft));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      const first = parsed.error.issues[0]?.message;
      toast.error(t("procedure.check"), { description: first && translateMessage(first) });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setErrors({});
      setDraft(toDraft(saved, defaults.step));
      toast.success(t("procedure.saved.title"), { description: t("procedure.saved.description") });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(t("procedure.saveFailed"), {
        description:
          error instanceof Error ? translateMessage(error.message) : t("procedure.tryAgain"),
      });
    }
  }

  const first = draft.steps[0];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("procedure.limits.title")}</CardTitle>
          <CardDescription>{t("procedure.limits.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="max-w-sm">
            <LimitInput
              label={t("procedure.filing")}
              value={draft.filingLimit}
              error={errors["filingLimit.days"] ?? errors.filingLimit}
              onChange={(filingLimit) => filingLimit && set({ filingLimit })}
            />
          </div>
          <StepsEditor steps={draft.steps} onChange={(steps) => set({ steps })} errors={errors} />
          <div className="max-w-sm space-y-3">
            <LimitInput
              label={t("procedure.information")}
              value={draft.informationResponseLimit}
              error={errors["informationResponseLimit.days"] ?? errors.informationResponseLimit}
              onChange={(informationResponseLimit) =>
                informationResponseLimit && set({ informationResponseLimit })
              }
            />
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.tollWhileInformationPending}
                onChange={(e) => set({ tollWhileInformationPending: e.target.checked })}
              />
              <span>{t("procedure.toll")}</span>
            </label>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("procedure.representation.title")}</CardTitle>
          <CardDescription>{t("procedure.representation.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <RepresentationSettings value={draft} errors={errors} onChange={set} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("procedure.calendar.title")}</CardTitle>
          <CardDescription>{t("procedure.calendar.description")}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <RegionPicker
            value={draft.holidayRegion}
            error={errors.holidayRegion}
            // Another region has other public holidays: the worked ones are chosen again.
            onChange={(holidayRegion) =>
              set({ holidayRegion, holidays: { ...draft.holidays, removed: [] } })
            }
          />
          <HolidaysEditor
            region={draft.holidayRegion}
            today={todayIn(draft.timeZone, new Date())}
            value={draft.holidays}
            errors={errors}
            onChange={(holidays) => set({ holidays })}
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
          <CardTitle>{t("procedure.preview")}</CardTitle>
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
          {save.isPending ? t("procedure.saving") : t("procedure.save")}
        </Button>
      </div>
    </div>
  );
}
