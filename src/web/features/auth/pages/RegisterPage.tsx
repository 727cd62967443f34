import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Building2, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  AuthMessages,
  type TRegisterForm,
  ZRegisterForm,
} from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage, fieldMessage } from "../../../lib/auth-errors.ts";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { invitationPreviewQuery } from "../../../lib/invitations.ts";
import { safeNextPath } from "../../../lib/next-path.ts";
import { toast } from "../../../lib/toast.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

/** The two ways in; their words are auth:register.{key}Title and {key}Text. */
const ACCOUNT_TYPES = [
  { value: "admin", key: "admin", Icon: Building2 },
  { value: "member", key: "member", Icon: Users },
] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // An emailed invitation (issue 14): the email is fixed to the invited one, the account joins,
  // and the verification link leads back to the invitation, which then accepts itself.
  const inviteToken = params.get("invite");
  const invitation = useQuery(invitationPreviewQuery(inviteToken ?? ""));
  const invited = invitation.data;
  const next = inviteToken
    ? `/accept-invite?token=${encodeURIComponent(inviteToken)}&join=1`
    : safeNextPath(params.get("next"));
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      accountType: params.get("accountType") === "member" || inviteToken ? "member" : "admin",
      name: "",
      email: "",
      password: "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const accountType = form.watch("accountType");
  useEffect(() => {
    if (invited) form.setValue("email", invited.email);
  }, [invited, form]);

  async function onSubmit(values: TRegisterForm) {
    setError(null);
    const { data, error: signUpError } = await authClient.signUp.email({
      name: values.name,
      email: values.email,
      password: values.password,
      accountType: values.accountType,
      // Mails go out in the language the person signed up in (issue 22).
      language: currentLanguage(),
      // The emailed verification link carries it on (lib/auth/auth.ts reads it back).
      callbackURL: next ?? "/verify-email",
    });
    if (signUpError || !data?.user) {
      setError(authErrorMessage(signUpError, AuthMessages.registrationFailed));
      return;
    }
    toast.success(t("register.successTitle"), { description: t("register.successDescription") });
    navigate("/login", { state: next ? { from: next } : undefined });
  }

  return (
    <AuthLayout title={t("register.title")} description={t("register.description")}>
      <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {invited ? (
          <Alert tone="info">
            <Trans
              t={t}
              i18nKey={invited.invitedBy ? "register.invitedBy" : "register.invited"}
              values={{
                name: invited.invitedBy,
                organization: invited.organizationName,
                email: invited.email,
              }}
              components={{ strong: <strong /> }}
            />
          </Alert>
        ) : null}
        {invitation.isError ? (
          <Alert tone="error">{translateMessage(invitation.error.message)}</Alert>
        ) : null}
        <fieldset className="space-y-2" hidden={Boolean(inviteToken)}>
          <legend className="mb-1.5 text-sm font-medium">{t("register.accountType")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ACCOUNT_TYPES.map(({ value, key, Icon }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  accountType === value ? "border-primary bg-primary/5" : "border-border",
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="sr-only"
                  {...form.register("accountType")}
                />
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>
                  <span className="block font-medium">{t(`register.${key}Title`)}</span>
                  <span className="block text-muted-foreground">{t(`register.${key}Text`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t("fields.fullName")} error={fieldMessage(errors.name?.message)}>
          <Input autoComplete="name" {...form.register("name")} />
        </Field>
        <Field label={t("fields.email")} error={fieldMessage(errors.email?.message)}>
          <Input
            type="email"
            autoComplete="email"
            readOnly={Boolean(invited)}
            {...form.register("email")}
          />
        </Field>
        <Field
          label={t("fields.password")}
          error={fieldMessage(errors.password?.message)}
          hint={t("fields.passwordHint")}
        >
          <Input type="password" autoComplete="new-password" {...form.register("password")} />
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t("register.creating") : t("register.create")}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="text-primary hover:underline">
            {t("register.signIn")}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
