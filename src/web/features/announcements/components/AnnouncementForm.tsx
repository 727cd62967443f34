import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  ZAnnouncementInput,
} from "../../../../shared/schemas/announcements.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";

// The server's schema and messages; here every field is filled, so the checkbox is plain.
const ZForm = ZAnnouncementInput.extend({ emailMembers: z.boolean() });
export type AnnouncementFormValues = z.infer<typeof ZForm>;

/** Post (with 'also email members') or edit (without) an announcement. */
export function AnnouncementForm({
  initial,
  withEmail,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  errorTitle,
  onCancel,
}: {
  initial?: Partial<AnnouncementFormValues>;
  withEmail: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Saves; a failure (thrown) is shown on the form's inputs, or in a toast titled `errorTitle`. */
  onSubmit: (values: AnnouncementFormValues) => Promise<void>;
  errorTitle: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation("announcements");
  const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);
  const form = useForm<AnnouncementFormValues>({
    resolver: zodResolver(ZForm),
    // i18n-ignore: the category's stored value (shown through t("categories.General"))
    defaultValues: { title: "", content: "", category: "General", emailMembers: false, ...initial },
  });
  const { errors } = form.formState;

  async function submit(values: AnnouncementFormValues) {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error, errorTitle);
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <Field label={t("form.title")} error={message(errors.title?.message)}>
        <Input maxLength={ANNOUNCEMENT_TITLE_MAX} {...form.register("title")} />
      </Field>
      <Field label={t("form.category")} error={message(errors.category?.message)}>
        <Select {...form.register("category")}>
          {ANNOUNCEMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("form.content")} error={message(errors.content?.message)}>
        <Textarea rows={7} maxLength={ANNOUNCEMENT_CONTENT_MAX} {...form.register("content")} />
      </Field>
      {withEmail ? (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            {...form.register("emailMembers")}
          />
          <span>
            {t("form.email")}
            <span className="block text-xs text-muted-foreground">{t("form.emailHint")}</span>
          </span>
        </label>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
