import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { AuthMessages } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { Delays } from "../../../lib/delays.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { safeNextPath } from "../../../lib/next-path.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

type State =
  | { kind: "loading" }
  | { kind: "verifying" }
  | { kind: "success" }
  /** `detail`: the server's reason, else the spec's 'Failed to verify your email...'. */
  | { kind: "error"; detail?: string };

/** Target of the emailed link: loading, verifying, success (redirect after 3 s) or error. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const [state, setState] = useState<State>({ kind: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get("token");
    const accountType = params.get("accountType") === "admin" ? "admin" : "member";
    // Where the sign-up started (an invitation): sign-in leads back there.
    const next = safeNextPath(params.get("next"));
    if (!token) {
      setState({ kind: "error" });
      return;
    }
    setState({ kind: "verifying" });
    void authClient.verifyEmail({ query: { token } }).then(async ({ error }) => {
      if (error) {
        const tokenProblem = error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED";
        setState({
          kind: "error",
          detail: error.message && !tokenProblem ? error.message : undefined,
        });
        return;
      }
      const session = await authClient.getSession();
      const target = session.data?.user
        ? (next ?? (accountType === "admin" ? "/get-started" : "/join-org"))
        : `/login?verified=true&accountType=${accountType}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
      // The message and its countdown start together: the redirect comes 3 s after it shows.
      setState({ kind: "success" });
      setTimeout(() => navigate(target, { replace: true }), Delays.afterVerification);
    });
  }, [params, navigate]);

  return (
    <AuthLayout title={t("verify.title")}>
      <div className="flex flex-col items-center gap-4 py-4 text-center" aria-live="polite">
        {state.kind === "loading" || state.kind === "verifying" ? (
          <>
            <Spinner className="size-8 text-primary" />
            <p>{state.kind === "loading" ? t("verify.loading") : t("verify.verifying")}</p>
          </>
        ) : null}
        {state.kind === "success" ? (
          <>
            <CheckCircle2 aria-hidden className="size-10 text-green-600" />
            <p className="font-medium">{t("verify.done")}</p>
            <p className="text-sm text-muted-foreground">{t("verify.redirecting")}</p>
          </>
        ) : null}
        {state.kind === "error" ? (
          <>
            <XCircle aria-hidden className="size-10 text-destructive" />
            <p role="alert">
              {state.detail
                ? t("verify.failedWith", { message: translateMessage(state.detail) })
                : translateMessage(AuthMessages.verificationFailed)}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => navigate("/register")}>
                {t("verify.backToRegister")}
              </Button>
              <Button onClick={() => navigate("/home")}>{t("verify.home")}</Button>
            </div>
          </>
        ) : null}
      </div>
    </AuthLayout>
  );
}
