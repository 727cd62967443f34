import { useQueryClient } from "@tanstack/react-query";
import { Construction, KeyRound, ShieldAlert } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../../components/ui/Button.tsx";
import { LanguageSwitcher } from "../../../components/ui/LanguageSwitcher.tsx";
import { Logo } from "../../../components/ui/Logo.tsx";
import { ThemeToggle } from "../../../components/ui/ThemeToggle.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageMeta } from "../../../lib/page-title.ts";
import { marketingKeys } from "../queries.ts";

/** How long 'Access Denied' stays (spec: 3 seconds). */
const DENIED_MS = 3000;

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "denied" }
  | { kind: "error"; message: string };

/** The under-construction gate of `/` (product-decisions.md 23); the server checks the code. */
export function AccessGatePage() {
  const { t } = useTranslation("marketing");
  usePageMeta({ title: t("meta.accessGate.title"), description: t("meta.accessGate.description") });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.kind !== "denied") return;
    const timer = setTimeout(() => {
      setState({ kind: "idle" });
      input.current?.focus();
    }, DENIED_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ kind: "checking" });
    try {
      const response = await fetch("/api/access-gate", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code }),
      });
      if (response.ok) {
        const { redirectTo } = (await response.json()) as { redirectTo: string };
        // The pass is a cookie now: the page asked for stays, `/` goes on to /home.
        await queryClient.invalidateQueries({ queryKey: marketingKeys.siteInfo });
        if (pathname === "/") navigate(redirectTo);
        return;
      }
      setCode("");
      if (response.status === 403) {
        setState({ kind: "denied" });
        return;
      }
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string };
      } | null;
      setState({
        kind: "error",
        message: body?.error?.message
          ? translateMessage(body.error.message)
          : `${response.status}: ${response.statusText}`,
      });
    } catch {
      setState({ kind: "error", message: t("accessGate.unreachable") });
    }
  }

  const busy = state.kind === "checking" || state.kind === "denied";
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
      />
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo to="/" />
        <div className="flex items-center gap-2">
          <LanguageSwitcher id="gate-language" />
          <ThemeToggle />
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-20">
        <div className="w-full max-w-md space-y-8 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
            <Construction aria-hidden className="size-7" />
          </span>
          <div className="space-y-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t("accessGate.title")}
            </h1>
            <p className="text-muted-foreground">{t("accessGate.text")}</p>
          </div>
          <form
            onSubmit={submit}
            className="space-y-3 rounded-2xl border border-border bg-card p-6 text-left shadow-sm"
          >
            <label htmlFor="access-code" className="flex items-center gap-2 text-sm font-medium">
              <KeyRound aria-hidden className="size-4 text-muted-foreground" />{" "}
              {t("accessGate.code")}
            </label>
            <input
              ref={input}
              id="access-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              disabled={busy}
              aria-invalid={state.kind === "denied" || undefined}
              aria-describedby="access-code-message"
              placeholder="••••••"
              className="h-14 w-full rounded-lg border border-border bg-background px-4 text-center font-mono text-2xl tracking-[0.5em] placeholder:text-muted-foreground aria-invalid:border-destructive disabled:opacity-60"
            />
            <div id="access-code-message" aria-live="assertive" className="min-h-6">
              {state.kind === "denied" ? (
                <p className="flex items-center justify-center gap-2 font-semibold text-destructive">
                  <ShieldAlert aria-hidden className="size-4" /> {t("accessGate.denied")}
                </p>
              ) : state.kind === "error" ? (
                <p role="alert" className="text-center text-sm text-destructive">
                  {state.message}
                </p>
              ) : null}
            </div>
            <Button type="submit" className="w-full" size="lg" disabled={busy || code.length !== 6}>
              {state.kind === "checking" ? t("accessGate.checking") : t("accessGate.enter")}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}
