import { FileText } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDay } from "../../../../shared/deadline-engine/index.ts";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { type Language, LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import type { TRespondView } from "../../../../shared/schemas/employer.ts";
import { DECISIONS, type TDecision } from "../../../../shared/schemas/grievances.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { LanguageSwitcher } from "../../../components/ui/LanguageSwitcher.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDefaults } from "../../../lib/default-labels.ts";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { servedPdfUrl, useRespondView, useSendAnswer } from "../api/respond.ts";
import { InformationRespond } from "./InformationRespond.tsx";

const when = (language: Language, iso: string) =>
  new Date(iso).toLocaleString(LOCALE_TAG[language], {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** The answer's due day: 'Tue 8 Dec 2026' in English (as the mail spells it), else through Intl. */
const dueDay = (language: Language, day: string) =>
  language === "en"
    ? formatDay(day)
    : formatDate(language, day, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      });

/**
 * The employer's page (issue 20): opened from the served mail, no account. The grievance as
 * served, its PDF, the due date, and the answer form; read-only once answered. Its reader has
 * no account: the language is the browser's (or the switcher's), never a profile's.
 */
export function RespondPage() {
  const { t } = useTranslation("employer");
  usePageTitle(t("title"));
  const { token = "" } = useParams();
  const view = useRespondView(token);
  if (view.isPending) return <LoadingScreen label={t("loading")} />;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div className="flex justify-end">
        <LanguageSwitcher id="respond-language" />
      </div>
      {view.data && "kind" in view.data ? (
        <InformationRespond v={view.data} token={token} />
      ) : view.data ? (
        <Served v={view.data} token={token} />
      ) : (
        <div className="space-y-2 py-16 text-center">
          <h1 className="text-xl font-semibold">{t("invalid.title")}</h1>
          <p className="text-muted-foreground">
            {view.error instanceof ApiError && view.error.status === 429
              ? translateMessage(view.error.message)
              : t("invalid.text")}
          </p>
        </div>
      )}
    </main>
  );
}

function Served({ v, token }: { v: TRespondView; token: string }) {
  const { t } = useTranslation("employer");
  const language = currentLanguage();
  const g = v.grievance;
  const step = useDefaults().step(g.step.name);
  return (
    <>
      <header className="space-y-1">
        <p className="text-sm text-muted-foreground">{v.organization}</p>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("heading", { id: g.id, subject: g.subject })}
        </h1>
        <p>
          {t("served", {
            step,
            name: v.contactName,
            when: when(language, v.served.at),
          })}
        </p>
      </header>
      {v.answer ? null : (
        <Alert tone="info">
          {v.dueDate ? t("due", { date: dueDay(language, v.dueDate) }) : t("noDue", { step })}
        </Alert>
      )}
      {v.message ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("message")}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap">{v.message}</p>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("grievance.title")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">
              {t("grievance.articles")}
            </h2>
            <p>{g.articles.length ? g.articles.join("; ") : t("grievance.noArticles")}</p>
          </div>
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">
              {t("grievance.description")}
            </h2>
            <p className="whitespace-pre-wrap">{g.description}</p>
          </div>
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">
              {t("grievance.remedy")}
            </h2>
            <p className="whitespace-pre-wrap">{g.remedy}</p>
          </div>
          <a
            href={servedPdfUrl(token)}
            className="inline-flex items-center gap-2 text-primary underline"
          >
            <FileText aria-hidden className="size-4" /> {t("grievance.pdf")}
          </a>
          <p className="break-all text-xs text-muted-foreground">
            {t("grievance.sha256")} <span className="font-mono">{v.served.sha256}</span>
          </p>
        </CardContent>
      </Card>
      {v.answer ? <Answered a={v.answer} /> : <AnswerForm token={token} />}
    </>
  );
}

function Answered({ a }: { a: NonNullable<TRespondView["answer"]> }) {
  const { t } = useTranslation("employer");
  const language = currentLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("answer.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2" data-testid="employer-answer">
        <p className="font-medium">{t(`decisions.${a.decision}`)}</p>
        <p className="whitespace-pre-wrap">{a.text}</p>
        <p className="text-sm text-muted-foreground">
          {t("answer.recorded", { when: when(language, a.at) })}
        </p>
      </CardContent>
    </Card>
  );
}

function AnswerForm({ token }: { token: string }) {
  const { t } = useTranslation("employer");
  const send = useSendAnswer(token);
  const [decision, setDecision] = useState<TDecision | "">("");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const form = new FormData();
    form.set("decision", decision);
    form.set("text", text);
    for (const f of files) form.append("file", f);
    try {
      await send.mutateAsync(form);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setFailure(error instanceof Error ? error.message : t("answer.notSent"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("answer.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">{t("answer.decision")}</legend>
            <div className="flex flex-wrap gap-4">
              {DECISIONS.map((d) => (
                <label key={d} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="decision"
                    value={d}
                    checked={decision === d}
                    onChange={() => setDecision(d)}
                  />
                  {t(`decisions.${d}`)}
                </label>
              ))}
            </div>
            {errors.decision ? (
              <p role="alert" className="text-sm text-destructive">
                {translateMessage(errors.decision)}
              </p>
            ) : null}
          </fieldset>
          <Field
            label={t("answer.text")}
            error={errors.text ? translateMessage(errors.text) : undefined}
          >
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={10_000}
              rows={8}
            />
          </Field>
          <Field label={t("answer.files")}>
            <input
              type="file"
              multiple
              accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx"
              onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 5))}
              className="block text-sm"
            />
          </Field>
          {failure ? <Alert tone="warning">{translateMessage(failure)}</Alert> : null}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t("answer.sending") : t("answer.send")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
