import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  AuthMessages,
  type TForgotPasswordForm,
  ZForgotPasswordForm,
} from "../../../../shared/schemas/auth.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";
import { AuthLayout } from "../components/AuthLayout.tsx";

/** Step one of the one reset flow (product-decisions.md 6): ask for the email, send the link. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ email }: TForgotPasswordForm) {
    const { error } = await authClient.requestPasswordReset({
      email,
      redirectTo: "/reset-password",
    });
    if (error) {
      toast.error("Password Reset Failed", {
        description: authErrorMessage(error, AuthMessages.resetEmailFailed),
      });
      return;
    }
    setSent(true);
  }

  return (
    <AuthLayout
      title="Reset your password"
      description="Enter your email and we will send you a link to choose a new password."
    >
      {sent ? (
        <div className="space-y-4">
          <Alert tone="success">
            If an account exists for that email, a reset link is on its way. Please check your
            inbox.
          </Alert>
          <Button asChild variant="outline" className="w-full">
            <Link to="/login">Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register("email")} />
          </Field>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Sending..." : "Send reset link"}
          </Button>
          <p className="text-center text-sm">
            <Link to="/login" className="text-primary hover:underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
