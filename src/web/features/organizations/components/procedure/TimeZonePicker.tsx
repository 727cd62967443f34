import { useMemo } from "react";
import { Field } from "../../../../components/ui/field.tsx";
import { Select } from "../../../../components/ui/select.tsx";

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
  const list = useMemo(() => zones(value), [value]);
  return (
    <Field
      label="Time zone"
      error={error}
      hint="A deadline ends at midnight here, and 'today' is today here."
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
