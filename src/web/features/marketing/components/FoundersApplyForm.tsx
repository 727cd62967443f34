import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatUsd, type TPlan } from "../../../../shared/plans.ts";
import {
  MemberCounts,
  type TFoundersApplication,
  type TFoundersForm,
  ZFoundersApplication,
} from "../../../../shared/schemas/public-site.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { MarketingDialog } from "./MarketingDialog.tsx";

/** The Founders 'Apply Now' form: checked here and on the server, stored and mailed to sales. */
export function FoundersApplyForm({ onDone }: { onDone: () => void }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TFoundersForm, unknown, TFoundersApplication>({
    resolver: zodResolver(ZFoundersApplication),
    defaultValues: { name: "", email: "", organization: "", role: "", message: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: TFoundersApplication) {
    setError(null);
    try {
      await apiRequest("/api/founders-applications", { method: "POST", body: values });
      setSent(true);
    } catch (e) {
      applyServerErrors(form, e, setError);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4 py-4 text-center" role="status">
        <CheckCircle2 aria-hidden className="mx-auto size-12 text-emerald-500" />
        <h3 className="text-lg font-semibold">Thank you for applying!</h3>
        <p className="text-sm text-muted-foreground">
          Your application is with our team. We will reply by email to talk about your local and the
          next steps.
        </p>
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register("name")} />
        </Field>
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </Field>
        <Field label="Organization" error={errors.organization?.message}>
          <Input autoComplete="organization" {...form.register("organization")} />
        </Field>
        <Field label="Your role (optional)" error={errors.role?.message}>
          <Input autoComplete="organization-title" {...form.register("role")} />
        </Field>
      </div>
      <Field label="Number of members" error={errors.memberCount?.message}>
        <Select defaultValue="" {...form.register("memberCount")}>
          <option value="" disabled>
            Choose a range
          </option>
          {MemberCounts.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Tell us about your organization" error={errors.message?.message}>
        <Textarea rows={4} {...form.register("message")} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Send application"}
      </Button>
    </form>
  );
}

export function FoundersDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: TPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apply for the Founders plan"
      description={`${formatUsd(plan.setupFee ?? 0)} one-time setup, then ${formatUsd(plan.monthlyPrice ?? 0)}/month locked for life. Tell us about your organization and we will be in touch.`}
    >
      <FoundersApplyForm onDone={() => onOpenChange(false)} />
    </MarketingDialog>
  );
}
