import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthMessages } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";
import { toast } from "../../../lib/toast.ts";

/**
 * 'Didn't receive a confirmation email?': collapsed, expanded, sending, then sent or error.
 * Opening it takes the email already typed in the sign-in form (issue 14).
 */
export function ResendConfirmation({ email: typed = "" }: { email?: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const { t } = useTranslation("auth");

  if (!open) {
    return (
      <Button
        variant="link"
        className="text-sm"
        onClick={() => {
          setEmail(typed.trim());
          setOpen(true);
        }}
      >
        {t("resend.open")}
      </Button>
    );
  }

  async function resend() {
    if (!email.trim() || !email.includes("@")) {
      toast.error(t("resend.invalidTitle"), { description: t("resend.invalidDescription") });
      return;
    }
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({
      email: email.trim(),
      callbackURL: "/verify-email",
    });
    setSending(false);
    if (error) {
      toast.error(t("resend.errorTitle"), {
        description: authErrorMessage(error, AuthMessages.resendFailed),
      });
      return;
    }
    toast.success(t("resend.sentTitle"), { description: t("resend.sentDescription") });
    setEmail("");
    setOpen(false);
  }

  return (
    <div className="space-y-3 rounded-md border border-border p-4 text-left">
      <Field label={t("resend.emailLabel")}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <div className="flex gap-2">
        <Button onClick={resend} disabled={sending}>
          {sending ? t("resend.sending") : t("resend.send")}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setOpen(false);
            setEmail("");
          }}
        >
          {t("resend.cancel")}
        </Button>
      </div>
    </div>
  );
}
