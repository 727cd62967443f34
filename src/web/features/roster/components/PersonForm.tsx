import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LANGUAGE_NAME, LANGUAGES } from "../../../../shared/i18n/languages.ts";
import { type TRosterPerson, ZRosterFields } from "../../../../shared/schemas/roster.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";

/** The form's values: every field as typed ('' for none); the shared schema checks them. */
const ZForm = z.object({
  name: z.string(),
  email: z.string(),
  badgeNumber: z.string(),
  phone: z.string(),
  department: z.string(),
  location: z.string(),
  jobTitle: z.string(),
  shift: z.string(),
  hireDate: z.string(),
  language: z.string(),
});
export type PersonFormValues = z.infer<typeof ZForm>;

const TEXT_FIELDS = ["email", "badgeNumber", "phone", "shift"] as const;

export const personFormValues = (p?: TRosterPerson | null): PersonFormValues => ({
  name: p?.name ?? "",
  email: p?.email ?? "",
  badgeNumber: p?.badgeNumber ?? "",
  phone: p?.phone ?? "",
  department: p?.department ?? "",
  location: p?.location ?? "",
  jobTitle: p?.jobTitle ?? "",
  shift: p?.shift ?? "",
  hireDate: p?.hireDate ?? "",
  language: p?.language ?? "",
});

/** Add or edit a person of the roster (issue 29): the same rules as the server's. */
export function PersonForm({
  initial,
  lists,
  submitLabel,
  onSubmit,
  errorTitle,
}: {
  initial: PersonFormValues;
  lists: { departments: string[]; locations: string[]; jobTitles: string[] };
  submitLabel: string;
  /** Saves; a failure (thrown) is shown on the inputs, or in a toast titled `errorTitle`. */
  onSubmit: (values: PersonFormValues) => Promise<void>;
  errorTitle: string;
}) {
  const { t } = useTranslation("directory");
  const defaults = useDefaults();
  const form = useForm<PersonFormValues>({
    resolver: zodResolver(ZForm.and(ZRosterFields)) as never,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const LIST = { department: "departments", location: "locations", jobTitle: "jobTitles" } as const;
  const choose = (name: keyof typeof LIST, list: string[]) => (
    <Field label={t(`roster.fields.${name}`)} error={errors[name]?.message}>
      <Select {...form.register(name)}>
        <option value="">{t("form.notSet")}</option>
        {[...new Set([...list, initial[name]].filter(Boolean))].map((o) => (
          <option key={o} value={o}>
            {defaults.entry(LIST[name], o)}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          applyServerErrors(form, error, errorTitle);
        }
      })}
    >
      <div className="sm:col-span-2">
        <Field label={t("roster.fields.name")} error={errors.name?.message}>
          <Input autoComplete="off" {...form.register("name")} />
        </Field>
      </div>
      {TEXT_FIELDS.map((name) => (
        <Field key={name} label={t(`roster.fields.${name}`)} error={errors[name]?.message}>
          <Input
            type={name === "email" ? "email" : "text"}
            autoComplete="off"
            {...form.register(name)}
          />
        </Field>
      ))}
      {choose("department", lists.departments)}
      {choose("location", lists.locations)}
      {choose("jobTitle", lists.jobTitles)}
      <Field label={t("roster.fields.hireDate")} error={errors.hireDate?.message}>
        <Input type="date" {...form.register("hireDate")} />
      </Field>
      <Field label={t("roster.fields.language")} error={errors.language?.message}>
        <Select {...form.register("language")}>
          <option value="">{t("form.notSet")}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAME[language]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("form.saving") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
