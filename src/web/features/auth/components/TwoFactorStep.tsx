import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";

/** The second step of sign-in for accounts with two-factor: an app code or a backup code. */
export function TwoFactorStep({ onDone }: { onDone: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation("auth");

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const result = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
      : await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (result.error) {
      setError(authErrorMessage(result.error, t("twoFactor.mismatch")));
      setCode("");
      return;
    }
    onDone();
  }

  return (
    <form className="space-y-4" noValidate onSubmit={verify}>
      <p className="text-sm text-muted-foreground">
        {useBackup ? t("twoFactor.backupIntro") : t("twoFactor.appIntro")}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field label={useBackup ? t("twoFactor.backupLabel") : t("twoFactor.appLabel")}>
        <Input
          autoFocus
          inputMode={useBackup ? "text" : "numeric"}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy || code.trim().length < 6}>
        {busy ? t("twoFactor.verifying") : t("twoFactor.verify")}
      </Button>
      <Button variant="link" className="w-full" onClick={() => setUseBackup(!useBackup)}>
        {useBackup ? t("twoFactor.useApp") : t("twoFactor.useBackup")}
      </Button>
    </form>
  );
}
