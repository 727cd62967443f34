import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_LANGUAGE,
  type Language,
  LOCALE_TAG,
} from "../../../../../shared/i18n/languages.ts";
import type { THolidayRegions } from "../../../../../shared/schemas/procedure.ts";
import { Field } from "../../../../components/ui/Field.tsx";
import { Select } from "../../../../components/ui/Select.tsx";
import { currentLanguage, translateMessage } from "../../../../lib/i18n.ts";
import { useHolidayRegions } from "../../api/procedure.ts";

type Country = THolidayRegions["countries"][number];

/** The library names countries in English; another language names them (and sorts them) itself. */
function localCountries(countries: Country[], language: Language): Country[] {
  if (language === DEFAULT_LANGUAGE) return countries;
  const tag = LOCALE_TAG[language];
  const names = new Intl.DisplayNames([tag], { type: "region", fallback: "none" });
  const nameOf = (c: Country) => {
    try {
      return names.of(c.code) ?? c.name;
    } catch {
      return c.name; // not a region code Intl knows
    }
  };
  return countries
    .map((c) => ({ ...c, name: nameOf(c) }))
    .sort((a, b) => a.name.localeCompare(b.name, tag));
}

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
  const { t } = useTranslation("organizations");
  const language = currentLanguage();
  const regions = useHolidayRegions();
  const [country = "", state] = value?.split("-") ?? [];
  const countries = useMemo(
    () => localCountries(regions.data?.countries ?? [], language),
    [regions.data, language],
  );
  const current = countries.find((c) => c.code === country);
  // The library names states in English ('Quebec'); the catalogue has Canada's and the United
  // States' in each language, any other keeps the library's name.
  const states = useMemo(
    () =>
      (current?.states ?? [])
        .map((s) => ({
          ...s,
          name: t(`procedure.region.names.${s.code.replace("-", ".")}`, { defaultValue: s.name }),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, LOCALE_TAG[language])),
    [current, t, language],
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={t("procedure.region.label")} error={error && translateMessage(error)}>
        <Select
          value={country}
          disabled={regions.isPending}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)}
        >
          <option value="">{t("procedure.region.none")}</option>
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
        <Field label={t("procedure.region.state")}>
          <Select
            value={state ? `${country}-${state}` : ""}
            onChange={(e) => onChange(e.target.value === "" ? country : e.target.value)}
          >
            <option value="">{t("procedure.region.wholeCountry")}</option>
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
