import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { AuthMessages, type TLoginForm, ZLoginForm } from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage, fieldMessage } from "../../../lib/auth-errors.ts";
import { Delays } from "../../../lib/delays.ts";
import { safeNextPath } from "../../../lib/next-path.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";
import { ResendConfirmation } from "../components/ResendConfirmation.tsx";
import { TwoFactorStep } from "../components/TwoFactorStep.tsx";

type Notice = "verified" | "reset" | null;

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const location = useLocation();
  // Where the route guard found the visitor (a grievance or invitation link) or the `next` of
  // an emailed link (kept in the history state once the address is cleaned), else the dashboard.
  const from =
    safeNextPath((location.state as { from?: string } | null)?.from) ??
    safeNextPath(params.get("next"));
  // Mounted here so that signing in refreshes the session before the guarded page reads it.
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  const form = useForm<TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  // verified=true / reset=success become a notice, then the address is cleaned.
  useEffect(() => {
    if (params.size === 0) return;
    if (params.get("verified") === "true") setNotice("verified");
    else if (params.get("reset") === "success") setNotice("reset");
    navigate("/login", { replace: true, state: from ? { from } : location.state });
  }, [params, navigate, location.state, from]);

  async function signedIn() {
    setSuccess(true);
    // The guarded page must see the new session, or it would send the visitor back here.
    await session.refetch();
    void queryClient.invalidateQueries();
    setTimeout(() => navigate(from ?? "/dashboard", { replace: true }), Delays.afterLogin);
  }

  // Already signed in: /login leads on to the saved target or the dashboard.
  if (session.data?.user && !success && !secondFactor && !form.formState.isSubmitting)
    return <Navigate to={from ?? "/dashboard"} replace />;

  async function onSubmit(values: TLoginForm) {
    setError(null);
    const { data, error: signInError } = await authClient.signIn.email(values);
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setSecondFactor(true);
      return;
    }
    if (signInError || !data || !("user" in data) || !data.user) {
      setError(
        signInError ? authErrorMessage(signInError, AuthMessages.loginFailed) : t("login.failed"),
      );
      form.resetField("password");
      return;
    }
    await signedIn();
  }

  return (
    <AuthLayout title={t("login.title")} description={t("login.description")}>
      <div className="space-y-4">
        {notice === "verified" ? <Alert tone="success">{t("login.verified")}</Alert> : null}
        {notice === "reset" ? <Alert tone="success">{t("login.reset")}</Alert> : null}
        {success ? <Alert tone="success">{t("login.success")}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {secondFactor && !success ? <TwoFactorStep onDone={signedIn} /> : null}
        <form
          hidden={secondFactor}
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <Field label={t("fields.email")} error={fieldMessage(errors.email?.message)}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          <Field label={t("fields.password")} error={fieldMessage(errors.password?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register("password")} />
          </Field>
          <div className="flex justify-end">
            <Link to="/forgot-password" className="text-sm text-primary hover:underline">
              {t("login.forgot")}
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={isSubmitting || success}>
            {isSubmitting ? t("login.signingIn") : t("login.signIn")}
          </Button>
        </form>
        <p className="text-center text-sm">
          <Link to="/register" className="text-primary hover:underline">
            {t("login.register")}
          </Link>
        </p>
        <div className="text-center">
          <ResendConfirmation email={form.watch("email")} />
        </div>
      </div>
    </AuthLayout>
  );
}
