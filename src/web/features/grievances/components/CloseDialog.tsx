import { useState } from "react";
import { OUTCOMES, type TOutcome } from "../../../../shared/schemas/grievances.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useCloseGrievance } from "../api/outcome-api.ts";
import { REMEDY_KINDS, remedyKindLabel, type TRemedyKind, useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/**
 * 'Close grievance': the outcome (product-decisions.md 30), a summary, and for a money remedy
 * its amount, due date and what it is for; the written reason of a decision (issue 34).
 */
export function CloseDialog({
  grievanceId,
  open,
  onClose,
}: {
  grievanceId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useWords();
  const close = useCloseGrievance();
  const [outcome, setOutcome] = useState<TOutcome>("settled");
  const [summary, setSummary] = useState("");
  const [reason, setReason] = useState("");
  const [money, setMoney] = useState(false);
  const [amount, setAmount] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [kind, setKind] = useState<TRemedyKind>(REMEDY_KINDS[0]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const found: Record<string, string> = {};
    if (!summary.trim()) found.summary = t("close.summaryRequired");
    // Issue 34: the grievant is told the reason in writing (the server also asks it for a
    // denial closed before the last step).
    if ((outcome === "withdrawn" || outcome === "settled") && !reason.trim())
      found.reason = t("close.reasonRequired");
    const cents = Math.round(Number(amount.replace(/[,\s$]/g, "")) * 100);
    if (money && !(cents > 0)) found.amount = t("close.amountRequired");
    if (money && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) found.dueDate = t("close.dueDateRequired");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await close.mutateAsync({
        id: grievanceId,
        input: {
          outcome,
          summary: summary.trim(),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          ...(money ? { remedy: { amountCents: cents, dueDate, description: kind } } : {}),
        },
      });
      toast.success(t("close.done"), { description: t(`outcome.${outcome}`) });
      setSummary("");
      setReason("");
      setMoney(false);
      setAmount("");
      setDueDate("");
      onClose();
    } catch (e) {
      toastError(t("close.failed"), e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("close.title")}
      description={t("close.description", { id: grievanceId })}
      submitLabel={t("close.title")}
      pending={close.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t("close.outcome")}>
        <Select value={outcome} onChange={(e) => setOutcome(e.target.value as TOutcome)}>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {t(`outcome.${o}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("close.summary")} hint={t("common.grievantSees")} error={errors.summary}>
        <Textarea value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={5000} />
      </Field>
      <Field label={t("close.reason")} hint={t("close.reasonHint")} error={errors.reason}>
        <Textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={4000}
          aria-label={t("close.reason")}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={money} onChange={(e) => setMoney(e.target.checked)} />
        {t("close.money")}
      </label>
      {money ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("close.amount")} error={errors.amount}>
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label={t("close.dueDate")} error={errors.dueDate}>
            <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
          </Field>
          <Field label={t("close.for")}>
            <Select value={kind} onChange={(e) => setKind(e.target.value as TRemedyKind)}>
              {REMEDY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {remedyKindLabel(k, t)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
    </ActionDialog>
  );
}
