import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../../components/ui/Field.tsx";
import { Select } from "../../../../components/ui/Select.tsx";
import { translateMessage } from "../../../../lib/i18n.ts";

/** The IANA zones this browser knows, with the stored one kept even if it is not listed. */
function zones(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes(current) ? known : [current, ...known];
}

/** The organization's time zone: a deadline's day is a day there (product-decisions.md 26). */
export function TimeZonePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation("organizations");
  const list = useMemo(() => zones(value), [value]);
  return (
    <Field
      label={t("procedure.timeZone.label")}
      error={error && translateMessage(error)}
      hint={t("procedure.timeZone.hint")}
    >
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll("_", " ")}
          </option>
        ))}
      </Select>
    </Field>
  );
}
