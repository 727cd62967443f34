import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";

/** The second step of sign-in for accounts with two-factor: an app code or a backup code. */
export function TwoFactorStep({ onDone }: { onDone: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const result = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code: code.trim() })
      : await authClient.twoFactor.verifyTotp({ code: code.trim() });
    setBusy(false);
    if (result.error) {
      setError(authErrorMessage(result.error, "That code did not match. Please try again."));
      setCode("");
      return;
    }
    onDone();
  }

  return (
    <form className="space-y-4" noValidate onSubmit={verify}>
      <p className="text-sm text-muted-foreground">
        {useBackup
          ? "Enter one of your backup codes."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field label={useBackup ? "Backup code" : "Authentication code"}>
        <Input
          autoFocus
          inputMode={useBackup ? "text" : "numeric"}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={busy || code.trim().length < 6}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <Button variant="link" className="w-full" onClick={() => setUseBackup(!useBackup)}>
        {useBackup ? "Use a code from the app" : "Use a backup code instead"}
      </Button>
    </form>
  );
}
