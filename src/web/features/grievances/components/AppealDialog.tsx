import { useState } from "react";
import { Field } from "../../../components/ui/Field.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useAppeal } from "../api/grievances.ts";
import { useWords } from "../lib/words.ts";
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
  const { t } = useWords();
  const appeal = useAppeal();
  const [note, setNote] = useState("");

  async function submit() {
    try {
      await appeal.mutateAsync({ id: grievanceId, note: note.trim() || undefined });
      toast.success(t("appeal.done"), {
        description: t("appeal.doneText", { id: grievanceId, step: nextStepName }),
      });
      setNote("");
      onClose();
    } catch (error) {
      toastError(t("common.updateFailed"), error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("appeal.title", { step: nextStepName })}
      description={t("appeal.description", { id: grievanceId, step: nextStepName })}
      submitLabel={t("appeal.title", { step: nextStepName })}
      pending={appeal.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t("common.commentOptional")} hint={t("common.grievantSees")}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
