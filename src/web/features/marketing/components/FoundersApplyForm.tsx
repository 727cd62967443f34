import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { TPlan } from "../../../../shared/plans.ts";
import {
  MemberCounts,
  type TFoundersApplication,
  type TFoundersForm,
  ZFoundersApplication,
} from "../../../../shared/schemas/public-site.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { useCatalogueText } from "../catalogue-text.ts";
import { MarketingDialog } from "./MarketingDialog.tsx";

/** A form message from the shared schema or the server, in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

/** The Founders 'Apply Now' form: checked here and on the server, stored and mailed to sales. */
export function FoundersApplyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("marketing");
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
        <h3 className="text-lg font-semibold">{t("founders.thanks")}</h3>
        <p className="text-sm text-muted-foreground">{t("founders.thanksText")}</p>
        <Button variant="outline" onClick={onDone}>
          {t("actions.close")}
        </Button>
      </div>
    );
  }

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {error ? <Alert tone="error">{translateMessage(error)}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("founders.name")} error={message(errors.name?.message)}>
          <Input autoComplete="name" {...form.register("name")} />
        </Field>
        <Field label={t("founders.email")} error={message(errors.email?.message)}>
          <Input type="email" autoComplete="email" {...form.register("email")} />
        </Field>
        <Field label={t("founders.organization")} error={message(errors.organization?.message)}>
          <Input autoComplete="organization" {...form.register("organization")} />
        </Field>
        <Field label={t("founders.role")} error={message(errors.role?.message)}>
          <Input autoComplete="organization-title" {...form.register("role")} />
        </Field>
      </div>
      <Field label={t("founders.members")} error={message(errors.memberCount?.message)}>
        <Select defaultValue="" {...form.register("memberCount")}>
          <option value="" disabled>
            {t("founders.chooseRange")}
          </option>
          {MemberCounts.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("founders.about")} error={message(errors.message?.message)}>
        <Textarea rows={4} {...form.register("message")} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t("actions.sending") : t("founders.send")}
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
  const { t } = useTranslation("marketing");
  const { money } = useCatalogueText();
  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("founders.dialogTitle")}
      description={t("founders.dialogText", {
        setup: money(plan.setupFee ?? 0),
        monthly: money(plan.monthlyPrice ?? 0),
      })}
    >
      <FoundersApplyForm onDone={() => onOpenChange(false)} />
    </MarketingDialog>
  );
}
