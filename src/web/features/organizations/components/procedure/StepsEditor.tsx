import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_NO_ANSWER,
  type TLimit,
  type TNoAnswerRule,
  type TProcedureStep,
} from "../../../../../shared/schemas/procedure.ts";
import { Button } from "../../../../components/ui/Button.tsx";
import { Field } from "../../../../components/ui/Field.tsx";
import { IconButton } from "../../../../components/ui/IconButton.tsx";
import { Input } from "../../../../components/ui/Input.tsx";
import { Select } from "../../../../components/ui/Select.tsx";
import { translateMessage } from "../../../../lib/i18n.ts";
import { LimitInput } from "./LimitInput.tsx";

/** A field message from the shared schema or the server, in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

export type StepDraft = TProcedureStep & { key: string };
const MAX_STEPS = 10;
const tenBusinessDays = (): TLimit => ({ days: 10, dayType: "business" });

let nextKey = 0;
export const newStepKey = () => `step-${++nextKey}`;

/** The last step has no further appeal (usually Arbitration); the others keep theirs. */
function lastHasNoAppeal(steps: StepDraft[]): StepDraft[] {
  return steps.map((s, i) => (i === steps.length - 1 ? { ...s, appealLimit: null } : s));
}

/** The ordered steps: name, the employer's response limit, the union's appeal limit. */
export function StepsEditor({
  steps,
  onChange,
  errors,
}: {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation("organizations");
  const update = (i: number, patch: Partial<TProcedureStep>) =>
    onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [moved] = next.splice(i, 1);
    if (!moved) return;
    // A step leaving the last place gets an appeal limit again.
    next.splice(
      i + by,
      0,
      moved.appealLimit === null ? { ...moved, appealLimit: tenBusinessDays() } : moved,
    );
    onChange(lastHasNoAppeal(next));
  };
  const remove = (i: number) => onChange(lastHasNoAppeal(steps.filter((_, j) => j !== i)));
  const add = () => {
    const withAppeal = steps.map((s, i) =>
      i === steps.length - 1 && s.appealLimit === null
        ? { ...s, appealLimit: tenBusinessDays() }
        : s,
    );
    onChange([
      ...withAppeal,
      {
        key: newStepKey(),
        name: t("procedure.steps.defaultName", { number: steps.length + 1 }),
        responseLimit: tenBusinessDays(),
        appealLimit: null,
        onNoAnswer: DEFAULT_NO_ANSWER,
      },
    ]);
  };

  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          const at = `steps.${i}`;
          return (
            <li
              key={step.key}
              className="rounded-lg border border-border p-3 sm:p-4"
              aria-label={t("procedure.steps.item", { number: i + 1, name: step.name })}
            >
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <Field
                    label={t("procedure.steps.name", { number: i + 1 })}
                    error={message(errors[`${at}.name`])}
                  >
                    <Input
                      value={step.name}
                      maxLength={60}
                      onChange={(e) => update(i, { name: e.target.value })}
                    />
                  </Field>
                </div>
                <div className="flex shrink-0">
                  <IconButton
                    label={t("procedure.steps.up", { name: step.name })}
                    icon={ArrowUp}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  />
                  <IconButton
                    label={t("procedure.steps.down", { name: step.name })}
                    icon={ArrowDown}
                    disabled={last}
                    onClick={() => move(i, 1)}
                  />
                  <IconButton
                    label={t("procedure.steps.remove", { name: step.name })}
                    icon={Trash2}
                    disabled={steps.length === 1}
                    onClick={() => remove(i)}
                  />
                </div>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <LimitInput
                  label={t("procedure.steps.response")}
                  value={step.responseLimit}
                  allowNone
                  error={errors[`${at}.responseLimit.days`] ?? errors[`${at}.responseLimit`]}
                  onChange={(responseLimit) => update(i, { responseLimit })}
                />
                {last ? (
                  <div className="space-y-1.5">
                    <p className="text-sm font-medium">{t("procedure.steps.appeal")}</p>
                    <p className="flex h-10 items-center text-sm text-muted-foreground">
                      {t("procedure.steps.lastStep")}
                    </p>
                    {errors[`${at}.appealLimit`] && (
                      <p role="alert" className="text-sm text-destructive">
                        {message(errors[`${at}.appealLimit`])}
                      </p>
                    )}
                  </div>
                ) : (
                  <LimitInput
                    label={t("procedure.steps.appealWithin")}
                    value={step.appealLimit}
                    allowNone
                    error={errors[`${at}.appealLimit.days`] ?? errors[`${at}.appealLimit`]}
                    onChange={(appealLimit) => update(i, { appealLimit })}
                  />
                )}
              </div>
              {step.responseLimit ? (
                <div className="mt-3">
                  <Field label={t("procedure.steps.noAnswer")}>
                    <Select
                      value={step.onNoAnswer}
                      onChange={(e) => update(i, { onNoAnswer: e.target.value as TNoAnswerRule })}
                    >
                      <option value="deemed_denied">{t("procedure.steps.deemedDenied")}</option>
                      <option value="none">{t("procedure.steps.nothing")}</option>
                    </Select>
                  </Field>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errors.steps && (
        <p role="alert" className="text-sm text-destructive">
          {message(errors.steps)}
        </p>
      )}
      <Button variant="outline" onClick={add} disabled={steps.length >= MAX_STEPS}>
        <Plus aria-hidden /> {t("procedure.steps.add")}
      </Button>
    </div>
  );
}
