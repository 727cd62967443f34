import { useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/ui/field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useAppeal } from "../api/grievances.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/** Appeal (the spec's Escalate) to the next step; the employer's answer deadline opens there. */
export function AppealDialog({
  grievanceId,
  nextStepName,
  open,
  onClose,
}: {
  grievanceId: string;
  nextStepName: string;
  open: boolean;
  onClose: () => void;
}) {
  const appeal = useAppeal();
  const [note, setNote] = useState("");

  async function submit() {
    try {
      await appeal.mutateAsync({ id: grievanceId, note: note.trim() || undefined });
      toast.success("Grievance Escalated", {
        description: `${grievanceId} is at ${nextStepName}.`,
      });
      setNote("");
      onClose();
    } catch (error) {
      toastError("Update Failed", error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={`Escalate to ${nextStepName}`}
      description={`${grievanceId} is appealed to ${nextStepName}; the employer's answer deadline there starts today.`}
      submitLabel={`Escalate to ${nextStepName}`}
      pending={appeal.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Comment (optional)">
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
