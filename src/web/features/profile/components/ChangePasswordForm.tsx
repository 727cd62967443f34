import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { AuthMessages, ZNewPassword } from "../../../../shared/schemas/auth.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { authErrorMessage } from "../../../lib/auth-errors.ts";

const ZForm = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AuthMessages.passwordsMismatch,
    path: ["confirmPassword"],
  });
type FormValues = z.infer<typeof ZForm>;

/** A new password ends every other session (the spec's rule of product-decisions.md 5 applies). */
export function ChangePasswordForm() {
  const form = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { currentPassword: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FormValues) {
    const { error } = await authClient.changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.password,
      revokeOtherSessions: true,
    });
    if (error) {
      toast.error("Update Failed", {
        description: authErrorMessage(error, "Failed to change your password."),
      });
      return;
    }
    form.reset();
    toast.success("Password changed", { description: "Your other sessions were signed out." });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>
          At least 8 characters, with an uppercase letter and a number.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-3"
          noValidate
          onSubmit={form.handleSubmit(onSubmit)}
        >
          <Field label="Current password" error={errors.currentPassword?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              {...form.register("currentPassword")}
            />
          </Field>
          <Field label="New password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </Field>
          <Field label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...form.register("confirmPassword")}
            />
          </Field>
          <div className="flex justify-end sm:col-span-3">
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Changing..." : "Change password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
