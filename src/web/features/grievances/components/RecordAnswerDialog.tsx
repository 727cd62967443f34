import { useState } from "react";
import type { TDecision } from "../../../../shared/schemas/grievances.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useRecordResponse } from "../api/grievances.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

const DECISIONS: TDecision[] = ["denied", "partial", "granted"];

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
  const { t } = useWords();
  const record = useRecordResponse();
  const [receivedOn, setReceivedOn] = useState(today);
  const [decision, setDecision] = useState<TDecision>("denied");
  const [text, setText] = useState("");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const fieldError = (name: string) => {
    const message = fields[name];
    return message ? translateMessage(message) : undefined;
  };

  async function submit() {
    try {
      await record.mutateAsync({
        id: grievanceId,
        answer: { receivedOn, decision, text: text.trim(), note: note.trim() || undefined },
      });
      toast.success(t("answer.done"), {
        description: t("answer.doneText", { step: stepName, decision: t(`decision.${decision}`) }),
      });
      setText("");
      setNote("");
      setFields({});
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      toastError(t("common.updateFailed"), error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("answer.title")}
      description={`${grievanceId}, ${stepName}`}
      submitLabel={t("answer.submit")}
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t("answer.receivedOn")} error={fieldError("receivedOn")}>
        <Input
          type="date"
          max={today}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
      </Field>
      <Field label={t("answer.decision")} error={fieldError("decision")}>
        <Select value={decision} onChange={(e) => setDecision(e.target.value as TDecision)}>
          {DECISIONS.map((d) => (
            <option key={d} value={d}>
              {t(`decision.${d}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("answer.text")} error={fieldError("text")}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={10_000} />
      </Field>
      <Field
        label={t("common.commentOptional")}
        hint={t("common.grievantSees")}
        error={fieldError("note")}
      >
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
