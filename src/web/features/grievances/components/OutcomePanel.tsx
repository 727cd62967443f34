import { useState } from "react";
import { Trans } from "react-i18next";
import { Link } from "react-router";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { type Language, LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import type { TGrievance, TOutcomeDetail } from "../../../../shared/schemas/grievances.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { useLineText } from "../../../lib/line-text.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useRemedyReceived, useReopenGrievance } from "../api/outcome-api.ts";
import type { Translate } from "../lib/deadline-words.ts";
import { remedyKindLabel, useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { CloseDialog } from "./CloseDialog.tsx";

const money = (language: Language, cents: number, currency: string) =>
  new Intl.NumberFormat(LOCALE_TAG[language], { style: "currency", currency }).format(cents / 100);

/** 'Settled', 'Merged into G-2026-0012', 'Outcome not recorded' (the server's `label`), translated. */
function outcomeLabel(o: TOutcomeDetail, t: Translate): string {
  if (o.result === "merged" && o.mergedInto) return t("outcome.mergedInto", { id: o.mergedInto });
  return o.result ? t(`outcome.${o.result}`) : t("outcome.notRecorded");
}

/** 'Close grievance' for stewards and admins while it is open. */
export function CloseButton({ g }: { g: TGrievance }) {
  const { t } = useWords();
  const [open, setOpen] = useState(false);
  if (!g.actions.includes("close")) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("outcomePanel.close")}</Button>
      <CloseDialog grievanceId={g.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * How the grievance ended (issue 19): the outcome, its summary and the money remedy with its
 * payment; 'I received it' for a grievant, 'Record payment received' and 'Reopen' for stewards.
 */
export function OutcomePanel({ g }: { g: TGrievance }) {
  const { t, language } = useWords();
  const lineText = useLineText();
  const received = useRemedyReceived();
  const reopen = useReopenGrievance();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const o = g.outcome;
  if (!o) return null;
  const r = o.remedy;

  async function confirm() {
    try {
      await received.mutateAsync({ id: g.id });
      toast.success(t("outcomePanel.remedyReceived"), {
        description: t("outcomePanel.remedyReceivedText"),
      });
    } catch (e) {
      toastError(t("common.updateFailed"), e);
    }
  }
  async function submitReopen() {
    if (!reason.trim()) {
      setError(t("outcomePanel.reopenReason"));
      return;
    }
    try {
      await reopen.mutateAsync({ id: g.id, reason: reason.trim() });
      toast.success(t("outcomePanel.reopened"));
      setReason("");
      setError(undefined);
      setReopening(false);
    } catch (e) {
      toastError(t("outcomePanel.reopenFailed"), e);
    }
  }

  return (
    <Card data-testid="outcome">
      <CardHeader>
        <CardTitle>{t("outcomePanel.title", { label: outcomeLabel(o, t) })}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {o.summaryLine || o.summary ? (
          // The summary typed on closing, or the server's for a merged grievance.
          <p className="whitespace-pre-wrap">
            {o.summaryLine ? lineText(o.summaryLine) : o.summary}
          </p>
        ) : null}
        {o.mergedInto ? (
          <p>
            <Trans
              ns="grievances"
              i18nKey="outcomePanel.mergedInto"
              values={{ id: o.mergedInto }}
              components={{
                link: (
                  <Link
                    to={`/grievances/${o.mergedInto}`}
                    className="text-primary hover:underline"
                  />
                ),
              }}
            />
          </p>
        ) : null}
        {r ? (
          <div className="space-y-2" data-testid="remedy">
            <p>
              <Trans
                ns="grievances"
                i18nKey="outcomePanel.remedy"
                values={{
                  amount: money(language, r.amountCents, r.currency),
                  description: remedyKindLabel(r.description, t),
                  date: formatDate(language, r.dueDate),
                }}
                components={{ strong: <span className="font-medium" /> }}
              />
            </p>
            {r.receivedAt ? (
              <p className="text-sm text-muted-foreground">
                {r.confirmedBy
                  ? t("outcomePanel.receivedConfirmed", {
                      date: formatDate(language, r.receivedAt, {}),
                      name: r.confirmedBy.name,
                    })
                  : t("outcomePanel.received", { date: formatDate(language, r.receivedAt, {}) })}
              </p>
            ) : r.overdue ? (
              <Alert tone="warning">{t("outcomePanel.remedyOverdue")}</Alert>
            ) : (
              <p className="text-sm text-muted-foreground">{t("outcomePanel.notReceived")}</p>
            )}
            {g.actions.includes("remedyReceived") ? (
              <Button onClick={confirm} disabled={received.isPending}>
                {g.isGrievant ? t("outcomePanel.iReceived") : t("outcomePanel.recordReceived")}
              </Button>
            ) : null}
          </div>
        ) : null}
        {g.actions.includes("reopen") ? (
          <Button variant="outline" onClick={() => setReopening(true)}>
            {t("outcomePanel.reopen")}
          </Button>
        ) : null}
        <ActionDialog
          open={reopening}
          title={t("outcomePanel.reopenTitle")}
          description={t("outcomePanel.reopenDescription", { id: g.id, step: g.step.name })}
          submitLabel={t("outcomePanel.reopen")}
          pending={reopen.isPending}
          onSubmit={submitReopen}
          onClose={() => setReopening(false)}
        >
          <Field label={t("common.reason")} error={error}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} />
          </Field>
        </ActionDialog>
      </CardContent>
    </Card>
  );
}
