import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TInternalAppeal, TLimit } from "../../../../../shared/schemas/procedure.ts";
import { Input } from "../../../../components/ui/Input.tsx";
import { Textarea } from "../../../../components/ui/Textarea.tsx";
import { translateMessage } from "../../../../lib/i18n.ts";
import { LimitInput } from "./LimitInput.tsx";

export interface RepresentationDraft {
  contactLimit: TLimit;
  replyLimit: TLimit;
  internalAppeal: TInternalAppeal | null;
}

/**
 * Fair representation (issue 34, docs/decisions/032): when a case is flagged for want of contact,
 * how soon a member's question is due an answer, and the local's own appeal route that every
 * decision notice names (none when the local has not set one).
 */
export function RepresentationSettings({
  value,
  errors,
  onChange,
}: {
  value: RepresentationDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<RepresentationDraft>) => void;
}) {
  const { t } = useTranslation("organizations");
  const textId = useId();
  const daysId = useId();
  const appeal = value.internalAppeal;
  const textError = errors["internalAppeal.text"];
  const daysError = errors["internalAppeal.days"];
  return (
    <div className="space-y-4">
      <div className="max-w-sm space-y-3">
        <LimitInput
          label={t("procedure.representation.contact")}
          value={value.contactLimit}
          error={errors["contactLimit.days"] ?? errors.contactLimit}
          onChange={(contactLimit) => contactLimit && onChange({ contactLimit })}
        />
        <LimitInput
          label={t("procedure.representation.reply")}
          value={value.replyLimit}
          error={errors["replyLimit.days"] ?? errors.replyLimit}
          onChange={(replyLimit) => replyLimit && onChange({ replyLimit })}
        />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={appeal !== null}
          onChange={(e) =>
            onChange({ internalAppeal: e.target.checked ? { text: "", days: null } : null })
          }
        />
        <span>{t("procedure.representation.appeal")}</span>
      </label>
      {appeal && (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={textId} className="text-sm font-medium">
              {t("procedure.representation.appealText")}
            </label>
            <Textarea
              id={textId}
              maxLength={2000}
              value={appeal.text}
              placeholder={t("procedure.representation.appealPlaceholder")}
              aria-invalid={textError ? true : undefined}
              onChange={(e) => onChange({ internalAppeal: { ...appeal, text: e.target.value } })}
            />
            {textError && (
              <p role="alert" className="text-sm text-destructive">
                {translateMessage(textError)}
              </p>
            )}
          </div>
          <div className="max-w-sm space-y-1.5">
            <label htmlFor={daysId} className="text-sm font-medium">
              {t("procedure.representation.appealDays")}
            </label>
            <Input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              className="w-20"
              value={appeal.days === null || Number.isNaN(appeal.days) ? "" : appeal.days}
              aria-invalid={daysError ? true : undefined}
              onChange={(e) =>
                onChange({
                  // Empty: the route has no deadline (the notice names it without one).
                  internalAppeal: {
                    ...appeal,
                    days: e.target.value === "" ? null : Number(e.target.value),
                  },
                })
              }
            />
            <p className="text-sm text-muted-foreground">
              {t("procedure.representation.appealDaysHint")}
            </p>
            {daysError && (
              <p role="alert" className="text-sm text-destructive">
                {translateMessage(daysError)}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
