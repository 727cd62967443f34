import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Clock, Mail, MessageSquare } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import {
  ContactTopicLabels,
  ContactTopics,
  type TContactForm,
  type TContactRequest,
  ZContactRequest,
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
import { useSiteInfo } from "../api/public-api.ts";
import { PageHero, PublicLayout } from "../components/PublicLayout.tsx";
import { usePublicPageMeta } from "../page-meta.ts";

/** A form message from the shared schema or the server, in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

const isTopic = (v: string | null): v is TContactRequest["topic"] =>
  (ContactTopics as readonly string[]).includes(v ?? "");

export function ContactPage() {
  usePublicPageMeta("/contact");
  const { t } = useTranslation("marketing");
  const [params] = useSearchParams();
  const initialTopic = params.get("topic");
  const site = useSiteInfo();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TContactForm, unknown, TContactRequest>({
    resolver: zodResolver(ZContactRequest),
    defaultValues: {
      name: "",
      email: "",
      organization: "",
      message: "",
      topic: isTopic(initialTopic) ? initialTopic : "general",
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: TContactRequest) {
    setError(null);
    try {
      await apiRequest("/api/contact", { method: "POST", body: values });
      setSentTo(values.email);
      form.reset();
    } catch (e) {
      applyServerErrors(form, e, setError);
    }
  }

  return (
    <PublicLayout backToHome>
      <PageHero eyebrow={t("contact.eyebrow")} title={t("contact.title")}>
        {t("contact.text")}
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1fr_2fr] lg:px-8">
        <aside className="space-y-6">
          <div className="flex gap-3">
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t("contact.email")}</p>
              {site.data ? (
                <a
                  href={`mailto:${site.data.salesEmail}`}
                  className="text-sm text-primary hover:underline"
                >
                  {site.data.salesEmail}
                </a>
              ) : (
                <p className="text-sm text-muted-foreground">{t("contact.writeToSales")}</p>
              )}
            </div>
          </div>
          <div className="flex gap-3">
            <MessageSquare aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t("contact.enterprise")}</p>
              <p className="text-sm text-muted-foreground">{t("contact.enterpriseText")}</p>
            </div>
          </div>
          <div className="flex gap-3">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{t("contact.justTry")}</p>
              <p className="text-sm text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="contact.startTrial"
                  components={{
                    a: (
                      <Link
                        to="/register"
                        className="text-primary underline underline-offset-4 hover:decoration-2"
                      />
                    ),
                  }}
                />
              </p>
            </div>
          </div>
        </aside>

        <section
          aria-label={t("contact.form")}
          className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
        >
          {sentTo ? (
            <div className="space-y-4 py-6 text-center" role="status">
              <CheckCircle2 aria-hidden className="mx-auto size-12 text-emerald-500" />
              <h2 className="text-2xl font-semibold">{t("contact.thanks")}</h2>
              <p className="text-muted-foreground">{t("contact.reply", { email: sentTo })}</p>
              <Button variant="outline" onClick={() => setSentTo(null)}>
                {t("contact.another")}
              </Button>
            </div>
          ) : (
            <form className="space-y-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
              {error ? <Alert tone="error">{translateMessage(error)}</Alert> : null}
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label={t("contact.name")} error={message(errors.name?.message)}>
                  <Input autoComplete="name" {...form.register("name")} />
                </Field>
                <Field label={t("contact.email")} error={message(errors.email?.message)}>
                  <Input type="email" autoComplete="email" {...form.register("email")} />
                </Field>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  label={t("contact.organization")}
                  error={message(errors.organization?.message)}
                >
                  <Input autoComplete="organization" {...form.register("organization")} />
                </Field>
                <Field label={t("contact.topic")} error={message(errors.topic?.message)}>
                  <Select {...form.register("topic")}>
                    {ContactTopics.map((topic) => (
                      <option key={topic} value={topic}>
                        {t(`contact.topics.${topic}`, { defaultValue: ContactTopicLabels[topic] })}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <Field label={t("contact.message")} error={message(errors.message?.message)}>
                <Textarea rows={6} {...form.register("message")} />
              </Field>
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
                {isSubmitting ? t("actions.sending") : t("contact.send")}
              </Button>
            </form>
          )}
        </section>
      </div>
    </PublicLayout>
  );
}
