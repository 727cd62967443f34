import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { TLimit } from "../../../../../shared/schemas/procedure.ts";
import { Input } from "../../../../components/ui/Input.tsx";
import { Select } from "../../../../components/ui/Select.tsx";
import { translateMessage } from "../../../../lib/i18n.ts";

const DEFAULT_LIMIT: TLimit = { days: 10, dayType: "business" };

/**
 * A time limit: a number of days and their kind. With `allowNone`, the kind's list also offers
 * "no time limit" (null), for a step the contract sets no limit on.
 */
export function LimitInput({
  label,
  value,
  onChange,
  error,
  allowNone = false,
}: {
  label: string;
  value: TLimit | null;
  onChange: (value: TLimit | null) => void;
  error?: string | undefined;
  allowNone?: boolean;
}) {
  const { t } = useTranslation("organizations");
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        {value !== null && (
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            className="w-20 shrink-0"
            value={Number.isNaN(value.days) ? "" : value.days}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            onChange={(e) =>
              onChange({
                ...value,
                days: e.target.value === "" ? Number.NaN : Number(e.target.value),
              })
            }
          />
        )}
        <Select
          id={value === null ? id : undefined}
          aria-label={value === null ? undefined : t("procedure.limit.kind", { label })}
          value={value?.dayType ?? "none"}
          onChange={(e) => {
            const kind = e.target.value;
            if (kind === "none") onChange(null);
            else
              onChange({
                days: value?.days ?? DEFAULT_LIMIT.days,
                dayType: kind === "calendar" ? "calendar" : "business",
              });
          }}
        >
          <option value="business">{t("procedure.limit.business")}</option>
          <option value="calendar">{t("procedure.limit.calendar")}</option>
          {allowNone && <option value="none">{t("procedure.limit.none")}</option>}
        </Select>
      </div>
      {error && (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {translateMessage(error)}
        </p>
      )}
    </div>
  );
}
