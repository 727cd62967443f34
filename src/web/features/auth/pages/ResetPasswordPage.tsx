import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AuthMessages,
  type TResetPasswordForm,
  ZResetPasswordForm,
} from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";
import { Delays } from "../../../lib/delays.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

/** Step two of the reset flow: the emailed link lands here with its token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
          ? AuthMessages.resetLinkInvalid
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
    <AuthLayout title="Choose a new password">
      {fatal ? (
        <div className="space-y-4">
          <Alert tone="error">{fatal}</Alert>
          <Button asChild className="w-full">
            <Link to="/forgot-password">Request a new reset link</Link>
          </Button>
        </div>
      ) : done ? (
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
          <CheckCircle2 aria-hidden className="size-10 text-green-600" />
          <p className="font-medium">Your password has been reset.</p>
          <p className="text-sm text-muted-foreground">Taking you to sign in...</p>
        </div>
      ) : (
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Field
            label="New password"
            error={errors.password?.message}
            hint="At least 8 characters, with an uppercase letter and a number."
          >
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Resetting..." : "Reset password"}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
