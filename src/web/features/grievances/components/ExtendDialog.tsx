import { useState } from "react";
import { toast } from "sonner";
import { addDays } from "../../../../shared/procedure/index.ts";
import type { TDeadline } from "../../../../shared/schemas/grievances.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useExtendDeadline } from "../api/grievances.ts";
import { dayLabel, KIND_LABEL } from "../lib/deadline-words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/** A mutual extension of an open deadline: the new date and who agreed to it for the employer. */
export function ExtendDialog({
  grievanceId,
  deadlines,
  today,
  open,
  onClose,
}: {
  grievanceId: string;
  /** The open deadlines, the next one first. */
  deadlines: TDeadline[];
  today: string;
  open: boolean;
  onClose: () => void;
}) {
  const extend = useExtendDeadline();
  const [deadlineId, setDeadlineId] = useState("");
  const [newDueDate, setNewDueDate] = useState("");
  const [agreedWith, setAgreedWith] = useState("");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const chosen = deadlines.find((d) => d.id === deadlineId) ?? deadlines[0];
  const label = (d: TDeadline) =>
    `${KIND_LABEL[d.kind]}, ${d.step.name}: due ${dayLabel(d.dueDate, today)}`;

  async function submit() {
    const missing: Record<string, string> = {};
    if (!newDueDate) missing.newDueDate = "Choose the new due date.";
    if (!agreedWith.trim()) missing.agreedWith = "Say who agreed to the extension.";
    setFields(missing);
    if (!chosen || Object.keys(missing).length > 0) return;
    try {
      await extend.mutateAsync({
        id: grievanceId,
        extension: {
          deadlineId: chosen.id,
          newDueDate,
          agreedWith: agreedWith.trim(),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
      toast.success("Deadline Extended", {
        description: `${KIND_LABEL[chosen.kind]} now due ${dayLabel(newDueDate, today)}.`,
      });
      setNewDueDate("");
      setAgreedWith("");
      setNote("");
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      toastError("Update Failed", error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title="Extend deadline"
      description="A time limit extended by mutual agreement. The earlier date stays on record."
      submitLabel="Extend deadline"
      pending={extend.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {deadlines.length > 1 ? (
        <Field label="Deadline" error={fields.deadlineId}>
          <Select value={chosen?.id ?? ""} onChange={(e) => setDeadlineId(e.target.value)}>
            {deadlines.map((d) => (
              <option key={d.id} value={d.id}>
                {label(d)}
              </option>
            ))}
          </Select>
        </Field>
      ) : chosen ? (
        <p className="text-sm">{label(chosen)}</p>
      ) : null}
      <Field label="New due date" error={fields.newDueDate}>
        <Input
          type="date"
          min={chosen ? addDays(chosen.dueDate, 1) : undefined}
          value={newDueDate}
          onChange={(e) => setNewDueDate(e.target.value)}
        />
      </Field>
      <Field
        label="Agreed with"
        error={fields.agreedWith}
        hint="Who agreed for the employer, e.g. 'J. Ortiz, HR manager'."
      >
        <Input value={agreedWith} maxLength={200} onChange={(e) => setAgreedWith(e.target.value)} />
      </Field>
      <Field label="Comment (optional)" error={fields.note}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
