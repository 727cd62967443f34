import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import type { TMe } from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
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
import { authErrorMessage } from "../../../lib/auth-errors.ts";
import { toast } from "../../../lib/toast.ts";

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "scan"; uri: string; backupCodes: string[] };

/** Turn TOTP two-factor sign-in on (QR code, secret, backup codes, a first code) or off. */
export function TwoFactorCard({ me, onChange }: { me: TMe; onChange: () => void }) {
  const { t } = useTranslation("profile");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const enabled = me.user.twoFactorEnabled;

  async function submitPassword(action: "enable" | "disable") {
    setBusy(true);
    const result =
      action === "enable"
        ? await authClient.twoFactor.enable({ password, issuer: "UnionHall" })
        : await authClient.twoFactor.disable({ password });
    setBusy(false);
    setPassword("");
    if (result.error) {
      toast.error(t("twoFactor.failed"), {
        description: authErrorMessage(result.error, t("twoFactor.checkPassword")),
      });
      return;
    }
    if (action === "disable") {
      toast.success(t("twoFactor.off"));
      setStep({ kind: "idle" });
      onChange();
      return;
    }
    const data = result.data as { totpURI: string; backupCodes: string[] };
    setStep({ kind: "scan", uri: data.totpURI, backupCodes: data.backupCodes });
  }

  async function confirmCode() {
    setBusy(true);
    const { error } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (error) {
      toast.error(t("twoFactor.failed"), {
        description: authErrorMessage(error, t("twoFactor.mismatch")),
      });
      return;
    }
    setCode("");
    setStep({ kind: "idle" });
    toast.success(t("twoFactor.on"));
    onChange();
  }

  const secret = step.kind === "scan" ? new URL(step.uri).searchParams.get("secret") : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-primary" /> {t("twoFactor.title")}
          <Badge tone={enabled ? "green" : "gray"}>
            {enabled ? t("twoFactor.badgeOn") : t("twoFactor.badgeOff")}
          </Badge>
        </CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {me.organization?.requireTwoFactor && !enabled ? (
          <Alert tone="warning">{t("twoFactor.required")}</Alert>
        ) : null}
        {step.kind === "idle" ? (
          <Button
            variant={enabled ? "outline" : "primary"}
            onClick={() => setStep({ kind: "password", action: enabled ? "disable" : "enable" })}
          >
            {enabled ? t("twoFactor.turnOff") : t("twoFactor.turnOnLong")}
          </Button>
        ) : null}
        {step.kind === "password" ? (
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(e) => {
              e.preventDefault();
              void submitPassword(step.action);
            }}
          >
            <div className="flex-1">
              <Field label={t("twoFactor.password")}>
                <Input
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
            </div>
            <Button type="submit" disabled={busy || !password}>
              {busy ? t("twoFactor.checking") : t("twoFactor.continue")}
            </Button>
            <Button variant="ghost" onClick={() => setStep({ kind: "idle" })}>
              {t("twoFactor.cancel")}
            </Button>
          </form>
        ) : null}
        {step.kind === "scan" ? (
          <div className="grid gap-6 md:grid-cols-2">
            <div className="space-y-3">
              <p className="text-sm">{t("twoFactor.scan")}</p>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(step.uri))}`}
                alt={t("twoFactor.qr")}
                className="size-44 rounded-md border border-border bg-white p-2"
              />
              <p className="break-all font-mono text-sm" data-testid="totp-secret">
                {secret}
              </p>
            </div>
            <div className="space-y-3">
              <p className="text-sm">{t("twoFactor.backup")}</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
                {step.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              <form
                className="flex items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  void confirmCode();
                }}
              >
                <div className="flex-1">
                  <Field label={t("twoFactor.code")}>
                    <Input
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      value={code}
                      onChange={(e) => setCode(e.target.value)}
                    />
                  </Field>
                </div>
                <Button type="submit" disabled={busy || code.trim().length < 6}>
                  {busy ? t("twoFactor.checking") : t("twoFactor.turnOn")}
                </Button>
              </form>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
