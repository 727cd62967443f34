import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ROLES, type Role } from "../../../../shared/permissions.ts";
import { ZEmail } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";

const ZDetails = z.object({
  role: z.enum(ROLES),
  badgeNumber: z.string().max(100),
  department: z.string().max(100),
  facility: z.string().max(100),
});
/** A field message from a shared schema or the server, in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

const ZWithEmail = ZDetails.extend({ email: ZEmail });
export type MemberFormValues = z.infer<typeof ZWithEmail>;

/** Add (with email) or edit (without) a member: role, badge number, department, facility. */
export function MemberForm({
  withEmail,
  initial,
  departments,
  facilities,
  allowedRoles,
  submitLabel,
  pending,
  onSubmit,
  errorTitle,
}: {
  withEmail: boolean;
  initial?: Partial<MemberFormValues>;
  departments: string[];
  facilities: string[];
  allowedRoles: readonly Role[];
  submitLabel: string;
  pending: boolean;
  /** Saves; a failure (thrown) is shown on the form's inputs, or in a toast titled `errorTitle`. */
  onSubmit: (values: MemberFormValues) => Promise<void>;
  errorTitle: string;
}) {
  const { t } = useTranslation("directory");
  const defaults = useDefaults();
  const form = useForm<MemberFormValues>({
    resolver: zodResolver(withEmail ? ZWithEmail : ZDetails.extend({ email: z.string() })),
    defaultValues: {
      email: "",
      role: "member",
      badgeNumber: "",
      department: "",
      facility: "",
      ...initial,
    },
  });
  const { errors } = form.formState;

  async function submit(values: MemberFormValues) {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error, errorTitle);
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
      {withEmail ? (
        <Field label={t("form.email")} error={message(errors.email?.message)}>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
      ) : null}
      <Field label={t("form.role")} error={message(errors.role?.message)}>
        <Select {...form.register("role")}>
          {ROLES.map((r) => (
            <option key={r} value={r} disabled={!allowedRoles.includes(r)}>
              {allowedRoles.includes(r)
                ? t(`roles.${r}`)
                : t("form.notOnPlan", { role: t(`roles.${r}`) })}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("form.badge")} error={message(errors.badgeNumber?.message)}>
        <Input {...form.register("badgeNumber")} />
      </Field>
      <Field label={t("form.department")}>
        <Select {...form.register("department")}>
          <option value="">{t("form.notSet")}</option>
          {departments.map((d) => (
            <option key={d} value={d}>
              {defaults.entry("departments", d)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("form.facility")}>
        <Select {...form.register("facility")}>
          <option value="">{t("form.notSet")}</option>
          {facilities.map((f) => (
            <option key={f} value={f}>
              {defaults.entry("locations", f)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t("form.saving") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
