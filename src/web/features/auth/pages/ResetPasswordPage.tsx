import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AuthMessages,
  type TResetPasswordForm,
  ZResetPasswordForm,
} from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage, fieldMessage } from "../../../lib/auth-errors.ts";
import { Delays } from "../../../lib/delays.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

/** Step two of the reset flow: the emailed link lands here with its token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const token = params.get("token");
  const linkError = params.get("error");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: TResetPasswordForm) {
    if (!token) return;
    setError(null);
    const { error: resetError } = await authClient.resetPassword({
      newPassword: values.password,
      token,
    });
    if (resetError) {
      setError(
        resetError.code === "INVALID_TOKEN"
          ? translateMessage(AuthMessages.resetLinkInvalid)
          : authErrorMessage(resetError, AuthMessages.resetFailed),
      );
      return;
    }
    setDone(true);
    setTimeout(() => {
      void authClient.signOut().finally(() => navigate("/login?reset=success", { replace: true }));
    }, Delays.afterReset);
  }

  const fatal = linkError
    ? AuthMessages.resetLinkInvalid
    : !token
      ? AuthMessages.resetTokenMissing
      : null;

  return (
    <AuthLayout title={t("reset.title")}>
      {fatal ? (
        <div className="space-y-4">
          <Alert tone="error">{translateMessage(fatal)}</Alert>
          <Button asChild className="w-full">
            <Link to="/forgot-password">{t("reset.requestNew")}</Link>
          </Button>
        </div>
      ) : done ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
          <CheckCircle2 aria-hidden className="size-10 text-green-600" />
          <p className="font-medium">{t("reset.done")}</p>
          <p className="text-sm text-muted-foreground">{t("reset.redirecting")}</p>
        </div>
      ) : (
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field
            label={t("fields.newPassword")}
            error={fieldMessage(errors.password?.message)}
            hint={t("fields.passwordHint")}
          >
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field
            label={t("fields.confirmPassword")}
            error={fieldMessage(errors.confirmPassword?.message)}
          >
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? t("reset.resetting") : t("reset.submit")}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
