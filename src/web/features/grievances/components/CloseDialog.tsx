import { useState } from "react";
import { toast } from "sonner";
import { OUTCOME_LABELS, OUTCOMES, type TOutcome } from "../../../../shared/schemas/grievances.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useCloseGrievance } from "../api/outcome-api.ts";
import { ActionDialog } from "./ActionDialog.tsx";

const REMEDY_KINDS = ["Back pay", "Reinstatement pay", "Other"] as const;

/**
 * 'Close grievance': the outcome (product-decisions.md 30), a summary, and for a money remedy
 * its amount, due date and what it is for.
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
  const close = useCloseGrievance();
  const [outcome, setOutcome] = useState<TOutcome>("settled");
  const [summary, setSummary] = useState("");
  const [money, setMoney] = useState(false);
  const [amount, setAmount] = useState("");
  const [dueDate, setDueDate] = useState("");
  const [kind, setKind] = useState<string>(REMEDY_KINDS[0]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    const found: Record<string, string> = {};
    if (!summary.trim()) found.summary = "Summarize the outcome.";
    const cents = Math.round(Number(amount.replace(/[,\s$]/g, "")) * 100);
    if (money && !(cents > 0)) found.amount = "Enter the amount.";
    if (money && !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) found.dueDate = "Choose the due date.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await close.mutateAsync({
        id: grievanceId,
        input: {
          outcome,
          summary: summary.trim(),
          ...(money ? { remedy: { amountCents: cents, dueDate, description: kind } } : {}),
        },
      });
      toast.success("Grievance Closed", { description: OUTCOME_LABELS[outcome] });
      setSummary("");
      setMoney(false);
      setAmount("");
      setDueDate("");
      onClose();
    } catch (e) {
      toastError("Close Failed", e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title="Close grievance"
      description={`${grievanceId}: record how it ended.`}
      submitLabel="Close grievance"
      pending={close.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Outcome">
        <Select value={outcome} onChange={(e) => setOutcome(e.target.value as TOutcome)}>
          {OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Summary" error={errors.summary}>
        <Textarea value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={5000} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={money} onChange={(e) => setMoney(e.target.checked)} />
        Money remedy
      </label>
      {money ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Amount" error={errors.amount}>
            <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label="Due date" error={errors.dueDate}>
            <Input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
          </Field>
          <Field label="For">
            <Select value={kind} onChange={(e) => setKind(e.target.value)}>
              {REMEDY_KINDS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </Select>
          </Field>
        </div>
      ) : null}
    </ActionDialog>
  );
}
