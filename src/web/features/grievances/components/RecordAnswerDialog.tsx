import { useState } from "react";
import { toast } from "sonner";
import type { TDecision } from "../../../../shared/schemas/grievances.ts";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useRecordResponse } from "../api/grievances.ts";
import { ActionDialog } from "./ActionDialog.tsx";

const DECISIONS: { value: TDecision; label: string }[] = [
  { value: "denied", label: "Denied" },
  { value: "partial", label: "Partly granted" },
  { value: "granted", label: "Granted" },
];

/** The employer's answer at the current step: when it came, what it decided, what it said. */
export function RecordAnswerDialog({
  grievanceId,
  stepName,
  today,
  open,
  onClose,
}: {
  grievanceId: string;
  stepName: string;
  today: string;
  open: boolean;
  onClose: () => void;
}) {
  const record = useRecordResponse();
  const [receivedOn, setReceivedOn] = useState(today);
  const [decision, setDecision] = useState<TDecision>("denied");
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit() {
    try {
      await record.mutateAsync({
        id: grievanceId,
        answer: { receivedOn, decision, text: text.trim(), note: note.trim() || undefined },
      });
      toast.success("Employer Answer Recorded", {
        description: `${stepName}: ${DECISIONS.find((d) => d.value === decision)?.label}.`,
      });
      setText("");
      setNote("");
      setFields({});
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      toastError("Update Failed", error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title="Record employer answer"
      description={`${grievanceId}, ${stepName}`}
      submitLabel="Record answer"
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Received on" error={fields.receivedOn}>
        <Input
          type="date"
          max={today}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
      </Field>
      <Field label="Decision" error={fields.decision}>
        <Select value={decision} onChange={(e) => setDecision(e.target.value as TDecision)}>
          {DECISIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="The employer's answer (optional)" error={fields.text}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={10_000} />
      </Field>
      <Field label="Comment (optional)" error={fields.note}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
