import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AuthMessages } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { Delays } from "../../../lib/delays.ts";
import { safeNextPath } from "../../../lib/next-path.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

type State =
  | { kind: "loading" }
  | { kind: "verifying" }
  | { kind: "success" }
  | { kind: "error"; message: string };

/** Target of the emailed link: loading, verifying, success (redirect after 3 s) or error. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
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
      setState({ kind: "error", message: AuthMessages.verificationFailed });
      return;
    }
    setState({ kind: "verifying" });
    void authClient.verifyEmail({ query: { token } }).then(async ({ error }) => {
      if (error) {
        const tokenProblem = error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED";
        const message =
          error.message && !tokenProblem
            ? `Verification failed: ${error.message}`
            : AuthMessages.verificationFailed;
        setState({ kind: "error", message });
        return;
      }
      setState({ kind: "success" });
      const session = await authClient.getSession();
      const target = session.data?.user
        ? (next ?? (accountType === "admin" ? "/get-started" : "/join-org"))
        : `/login?verified=true&accountType=${accountType}${next ? `&next=${encodeURIComponent(next)}` : ""}`;
      setTimeout(() => navigate(target, { replace: true }), Delays.afterVerification);
    });
  }, [params, navigate]);

  return (
    <AuthLayout title="Email verification">
      <div className="flex flex-col items-center gap-4 py-4 text-center" aria-live="polite">
        {state.kind === "loading" || state.kind === "verifying" ? (
          <>
            <Spinner className="size-8 text-primary" />
            <p>{state.kind === "loading" ? "Loading..." : "Verifying your email..."}</p>
          </>
        ) : null}
        {state.kind === "success" ? (
          <>
            <CheckCircle2 aria-hidden className="size-10 text-green-600" />
            <p className="font-medium">Your email has been verified.</p>
            <p className="text-sm text-muted-foreground">Redirecting you in a few seconds...</p>
          </>
        ) : null}
        {state.kind === "error" ? (
          <>
            <XCircle aria-hidden className="size-10 text-destructive" />
            <p role="alert">{state.message}</p>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => navigate("/register")}>
                Back to Register
              </Button>
              <Button onClick={() => navigate("/home")}>Go to Home</Button>
            </div>
          </>
        ) : null}
      </div>
    </AuthLayout>
  );
}
