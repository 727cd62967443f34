import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthMessages, ZNewPassword } from "../../../../shared/schemas/auth.ts";
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
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage, fieldMessage } from "../../../lib/auth-errors.ts";
import { toast } from "../../../lib/toast.ts";

const ZForm = z
  .object({
    // Its one message is profile:password.currentRequired.
    currentPassword: z.string().min(1),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AuthMessages.passwordsMismatch,
    path: ["confirmPassword"],
  });
type FormValues = z.infer<typeof ZForm>;

/** A new password ends every other session (the spec's rule of product-decisions.md 5 applies). */
export function ChangePasswordForm() {
  const { t } = useTranslation("profile");
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FormValues) {
    const { error } = await authClient.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.password,
      revokeOtherSessions: true,
    });
    if (error) {
      toast.error(t("password.failedTitle"), {
        description: authErrorMessage(error, t("password.failed")),
      });
      return;
    }
    form.reset();
    toast.success(t("password.changedTitle"), { description: t("password.changedDescription") });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("password.title")}</CardTitle>
        <CardDescription>{t("password.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-3"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <Field
            label={t("password.current")}
            error={errors.currentPassword ? t("password.currentRequired") : undefined}
          >
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          </Field>
          <Field label={t("password.new")} error={fieldMessage(errors.password?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field
            label={t("password.confirm")}
            error={fieldMessage(errors.confirmPassword?.message)}
          >
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </Field>
          <div className="flex justify-end sm:col-span-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t("password.changing") : t("password.change")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
