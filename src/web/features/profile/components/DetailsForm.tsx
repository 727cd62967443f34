import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { TMe } from "../../../../shared/schemas/auth.ts";
import { ProfileMessages } from "../../../../shared/schemas/profile.ts";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { fieldMessage } from "../../../lib/auth-errors.ts";
import { useDefaults } from "../../../lib/default-labels.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { toast } from "../../../lib/toast.ts";
import { useUpdateProfile } from "../api/profile.ts";

const ZForm = z.object({
  name: z.string().trim().min(2, ProfileMessages.nameMin).max(100),
  badgeNumber: z.string().max(100),
  department: z.string().max(100),
  facility: z.string().max(100),
});
type FormValues = z.infer<typeof ZForm>;

/** The organization's list with the saved value kept on it (an entry the admin since removed). */
function choices(list: string[] | undefined, current: string | null): string[] {
  const all = list ?? [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/**
 * Full name, badge number, department and facility; empty details are saved as null.
 * Department and facility are picked from the organization's lists (issue 14), the same lists
 * the grievance form offers, so that it can fill them in.
 */
export function DetailsForm({ me }: { me: TMe }) {
  const { t } = useTranslation("profile");
  const defaults = useDefaults();
  const update = useUpdateProfile();
  const inOrganization = me.organization !== null;
  const config = useOrganizationConfig(inOrganization);
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: me.user.name,
      badgeNumber: me.user.badgeNumber ?? "",
      department: me.user.department ?? "",
      facility: me.user.facility ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FormValues) {
    try {
      await update.mutateAsync(values);
      toast.success(t("details.savedTitle"), { description: t("details.savedDescription") });
    } catch (error) {
      applyServerErrors(form, error, t("details.failed"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("details.title")}</CardTitle>
        <CardDescription>{t("details.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <div className="sm:col-span-2">
            <Field label={t("details.fullName")} error={fieldMessage(errors.name?.message)}>
              <Input autoComplete="name" {...form.register("name")} />
            </Field>
          </div>
          <Field
            label={t("details.badgeNumber")}
            hint={inOrganization ? undefined : t("details.badgeHint")}
          >
            <Input disabled={!inOrganization} {...form.register("badgeNumber")} />
          </Field>
          <Field label={t("details.department")}>
            <Select disabled={!inOrganization || config.isPending} {...form.register("department")}>
              <option value="">{t("details.departmentPlaceholder")}</option>
              {choices(config.data?.departments, me.user.department).map((d) => (
                <option key={d} value={d}>
                  {defaults.entry("departments", d)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("details.facility")}>
            <Select disabled={!inOrganization || config.isPending} {...form.register("facility")}>
              <option value="">{t("details.facilityPlaceholder")}</option>
              {choices(config.data?.locations, me.user.facility).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-end justify-end sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("details.saving") : t("details.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
