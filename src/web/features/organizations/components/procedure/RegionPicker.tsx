import { Field } from "../../../../components/ui/field.tsx";
import { Select } from "../../../../components/ui/select.tsx";
import { useHolidayRegions } from "../../api/procedure.ts";

/**
 * The holiday region: a country and optionally one of its states or provinces ("US",
 * "US-CA", "CA-ON"), or none. The choices come from the server's holiday library.
 */
export function RegionPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (region: string | null) => void;
  error?: string | undefined;
}) {
  const regions = useHolidayRegions();
  const [country = "", state] = value?.split("-") ?? [];
  const countries = regions.data?.countries ?? [];
  const current = countries.find((c) => c.code === country);
  const states = current?.states ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Public holidays of" error={error}>
        <Select
          value={country}
          disabled={regions.isPending}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        >
          <option value="">No public holidays (weekends only)</option>
          {/* Keeps the stored value visible while the list loads. */}
          {countries.length === 0 && country && <option value={country}>{country}</option>}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
      {states.length > 0 && (
        <Field label="State or province">
          <Select
            value={state ? `${country}-${state}` : ""}
            onChange={(e) => onChange(e.target.value === "" ? country : e.target.value)}
          >
            <option value="">Whole country (national holidays)</option>
            {states.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
    </div>
  );
}
