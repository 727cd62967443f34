import { FileText } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { DECISION_LABELS, type TRespondView } from "../../../../shared/schemas/employer.ts";
import { DECISIONS, type TDecision } from "../../../../shared/schemas/grievances.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { servedPdfUrl, useRespondView, useSendAnswer } from "../api/respond.ts";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * The employer's page (issue 20): opened from the served mail, no account. The grievance as
 * served, its PDF, the due date, and the answer form; read-only once answered.
 */
export function RespondPage() {
  usePageTitle("Answer a grievance");
  const { token = "" } = useParams();
  const view = useRespondView(token);
  if (view.isPending) return <LoadingScreen label="Loading the grievance..." />;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      {view.data ? (
        <Served v={view.data} token={token} />
      ) : (
        <div className="space-y-2 py-16 text-center">
          <h1 className="text-xl font-semibold">Link not valid</h1>
          <p className="text-muted-foreground">
            {view.error instanceof ApiError && view.error.status === 429
              ? view.error.message
              : "This link may have expired, or the step it served has closed. Please contact the union local that sent it."}
          </p>
        </div>
      )}
    </main>
  );
}

function Served({ v, token }: { v: TRespondView; token: string }) {
  const g = v.grievance;
  return (
    <>
      <header className="space-y-1">
        <p className="text-sm text-muted-foreground">{v.organization}</p>
        <h1 className="text-2xl font-semibold tracking-tight">
          Grievance {g.id}: {g.subject}
        </h1>
        <p>
          {g.step.name} · served on {v.contactName} {when(v.served.at)}
        </p>
      </header>
      {v.answer ? null : <Alert tone="info">{v.dueText}.</Alert>}
      {v.message ? (
        <Card>
          <CardHeader>
            <CardTitle>Message from the union</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap">{v.message}</p>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>The grievance as served</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">
              Contract articles
            </h2>
            <p>{g.articles.length ? g.articles.join("; ") : "None cited"}</p>
          </div>
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">What happened</h2>
            <p className="whitespace-pre-wrap">{g.description}</p>
          </div>
          <div>
            <h2 className="text-xs uppercase tracking-wide text-muted-foreground">Remedy sought</h2>
            <p className="whitespace-pre-wrap">{g.remedy}</p>
          </div>
          <a
            href={servedPdfUrl(token)}
            className="inline-flex items-center gap-2 text-primary underline"
          >
            <FileText aria-hidden className="size-4" /> The grievance as served (PDF)
          </a>
          <p className="break-all text-xs text-muted-foreground">
            SHA-256 of the served PDF: <span className="font-mono">{v.served.sha256}</span>
          </p>
        </CardContent>
      </Card>
      {v.answer ? <Answered a={v.answer} /> : <AnswerForm token={token} />}
    </>
  );
}

function Answered({ a }: { a: NonNullable<TRespondView["answer"]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your answer</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2" data-testid="employer-answer">
        <p className="font-medium">{DECISION_LABELS[a.decision]}</p>
        <p className="whitespace-pre-wrap">{a.text}</p>
        <p className="text-sm text-muted-foreground">Recorded {when(a.at)}. Thank you.</p>
      </CardContent>
    </Card>
  );
}

function AnswerForm({ token }: { token: string }) {
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
      else setFailure(error instanceof Error ? error.message : "The answer was not sent.");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your answer</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Decision</legend>
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
                  {DECISION_LABELS[d]}
                </label>
              ))}
            </div>
            {errors.decision ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.decision}
              </p>
            ) : null}
          </fieldset>
          <Field label="The answer" error={errors.text}>
            <Textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={10_000}
              rows={8}
            />
          </Field>
          <Field label="Attachments (optional, up to 5 files of 10 MB)">
            <input
              type="file"
              multiple
              accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx"
              onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, 5))}
              className="block text-sm"
            />
          </Field>
          {failure ? <Alert tone="warning">{failure}</Alert> : null}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send the answer"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
