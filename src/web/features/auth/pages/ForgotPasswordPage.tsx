import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  AuthMessages,
  type TForgotPasswordForm,
  ZForgotPasswordForm,
} from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage, fieldMessage } from "../../../lib/auth-errors.ts";
import { toast } from "../../../lib/toast.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

/** Step one of the one reset flow (product-decisions.md 6): ask for the email, send the link. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const { t } = useTranslation("auth");
  const form = useForm<TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ email }: TForgotPasswordForm) {
    const { error } = await authClient.requestPasswordReset({
      email,
      redirectTo: "/reset-password",
    });
    if (error) {
      toast.error(t("forgot.failedTitle"), {
        description: authErrorMessage(error, AuthMessages.resetEmailFailed),
      });
      return;
    }
    setSent(true);
  }

  return (
    <AuthLayout title={t("forgot.title")} description={t("forgot.description")}>
      {sent ? (
        <div className="space-y-4">
          <Alert tone="success">{t("forgot.sent")}</Alert>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">{t("forgot.backToSignIn")}</Link>
          </Button>
        </div>
      ) : (
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <Field label={t("fields.email")} error={fieldMessage(errors.email?.message)}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t("forgot.sending") : t("forgot.send")}
          </Button>
          <p className="text-center text-sm">
            <Link to="/login" className="text-primary hover:underline">
              {t("forgot.backToSignIn")}
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
