import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatWeekdayDay } from "../../../../shared/i18n/format.ts";
import {
  ANSWER_STATES,
  type TInformationRespondView,
} from "../../../../shared/schemas/information-requests.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { useSendAnswer } from "../api/respond.ts";
import { respondUrl } from "../queries.ts";

type Answer = { state: string; note: string; files: File[] };

/**
 * The employer's page for an information request (issue 33): each item with its state, and a
 * form for the items still pending: answer some now and the rest later, each with a note and
 * files. What is answered stays shown, read-only.
 */
export function InformationRespond({ v, token }: { v: TInformationRespondView; token: string }) {
  const { t } = useTranslation("employer");
  const language = currentLanguage();
  const send = useSendAnswer(token);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const pending = v.items.filter((i) => i.state === "pending");
  const set = (id: string, change: Partial<Answer>) =>
    setAnswers((a) => ({
      ...a,
      [id]: { state: "", note: "", files: [], ...a[id], ...change },
    }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const chosen = Object.entries(answers).filter(([, a]) => a.state);
    if (chosen.length === 0) {
      setError(t("information.chooseOne"));
      return;
    }
    const form = new FormData();
    form.append(
      "items",
      JSON.stringify(chosen.map(([id, a]) => ({ id, state: a.state, note: a.note.trim() }))),
    );
    for (const [id, a] of chosen) for (const f of a.files) form.append(`item:${id}`, f, f.name);
    try {
      await send.mutateAsync(form);
      setAnswers({});
      setError(undefined);
      setSent(true);
    } catch (err) {
      setError(translateMessage(err instanceof Error ? err.message : String(err)));
    }
  }

  return (
    <>
      <header className="space-y-1">
        <p className="text-sm text-muted-foreground">{v.organization}</p>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("information.heading", { id: v.grievance.id, subject: v.grievance.subject })}
        </h1>
        <p>
          {t("information.served", {
            name: v.contactName,
            date: formatWeekdayDay(language, v.servedOn),
          })}
        </p>
      </header>
      {v.state === "answered" ? (
        <Alert tone="success">{t("information.allAnswered")}</Alert>
      ) : (
        <Alert tone="info">
          {t("information.due", { date: formatWeekdayDay(language, v.dueDate) })}
        </Alert>
      )}
      {v.letter ? (
        <p>
          <a className="font-medium underline" href={`${respondUrl(token)}/document.pdf`} download>
            {t("information.letter")}
          </a>
        </p>
      ) : null}
      {sent && v.state !== "answered" ? (
        <Alert tone="success">{t("information.thanks")}</Alert>
      ) : null}
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
      <form onSubmit={submit} className="space-y-4">
        <ol className="space-y-3">
          {v.items.map((item, n) => (
            <li key={item.id} data-testid="respond-item">
              <Card>
                <CardContent className="space-y-3 pt-6">
                  <p className="font-medium">
                    {n + 1}. {item.text}
                  </p>
                  {item.state === "pending" ? (
                    <>
                      <Field label={t("information.answer")}>
                        <Select
                          value={answers[item.id]?.state ?? ""}
                          onChange={(e) => set(item.id, { state: e.target.value })}
                        >
                          <option value="">{t("information.later")}</option>
                          {ANSWER_STATES.map((s) => (
                            <option key={s} value={s}>
                              {t(`information.states.${s}`)}
                            </option>
                          ))}
                        </Select>
                      </Field>
                      <Field label={t("information.note")}>
                        <Textarea
                          value={answers[item.id]?.note ?? ""}
                          maxLength={2000}
                          onChange={(e) => set(item.id, { note: e.target.value })}
                        />
                      </Field>
                      <Field label={t("information.files")}>
                        <input
                          type="file"
                          multiple
                          className="text-sm"
                          onChange={(e) => set(item.id, { files: [...(e.target.files ?? [])] })}
                        />
                      </Field>
                    </>
                  ) : (
                    <div className="space-y-1 text-sm" data-testid="respond-item-answered">
                      <p>
                        {t(`information.states.${item.state}`)}
                        {item.answeredOn ? ` · ${formatWeekdayDay(language, item.answeredOn)}` : ""}
                      </p>
                      {item.note ? <p className="text-muted-foreground">{item.note}</p> : null}
                      {item.files.map((f) => (
                        <p key={f.sha256} className="text-muted-foreground">
                          {f.name}
                        </p>
                      ))}
                    </div>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ol>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {pending.length > 0 ? (
          <Button type="submit" disabled={send.isPending}>
            {t("information.send")}
          </Button>
        ) : null}
      </form>
    </>
  );
}
