import { useState } from "react";
import { Field } from "../../../components/ui/Field.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useHold, useResume } from "../api/grievances.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/**
 * Hold (abeyance, with its reason) or resume. While held the open deadlines are paused; on
 * resume they move by the held days.
 */
export function HoldDialog({
  grievanceId,
  mode,
  onClose,
}: {
  grievanceId: string;
  mode: "hold" | "resume" | null;
  onClose: () => void;
}) {
  const { t } = useWords();
  const hold = useHold();
  const resume = useResume();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();

  async function submit() {
    try {
      if (mode === "hold") {
        if (!text.trim()) {
          setError(t("hold.reasonRequired"));
          return;
        }
        await hold.mutateAsync({ id: grievanceId, reason: text.trim() });
        toast.success(t("hold.done"), { description: t("hold.doneText") });
      } else {
        await resume.mutateAsync({ id: grievanceId, note: text.trim() || undefined });
        toast.success(t("hold.resumed"), { description: t("hold.resumedText") });
      }
      setText("");
      setError(undefined);
      onClose();
    } catch (e) {
      toastError(t("common.updateFailed"), e);
    }
  }

  return (
    <ActionDialog
      open={mode !== null}
      title={mode === "resume" ? t("hold.resumeTitle") : t("hold.holdTitle")}
      description={
        mode === "resume"
          ? t("hold.resumeDescription", { id: grievanceId })
          : t("hold.holdDescription", { id: grievanceId })
      }
      submitLabel={mode === "resume" ? t("hold.resume") : t("hold.hold")}
      pending={hold.isPending || resume.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label={mode === "resume" ? t("common.commentOptional") : t("common.reason")}
        hint={t("common.grievantSees")}
        error={error}
      >
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
