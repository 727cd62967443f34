import { useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/ui/field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useHold, useResume } from "../api/grievances.ts";
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
  const hold = useHold();
  const resume = useResume();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();

  async function submit() {
    try {
      if (mode === "hold") {
        if (!text.trim()) {
          setError("Give the reason for the hold.");
          return;
        }
        await hold.mutateAsync({ id: grievanceId, reason: text.trim() });
        toast.success("Grievance On Hold", { description: "Its open deadlines are paused." });
      } else {
        await resume.mutateAsync({ id: grievanceId, note: text.trim() || undefined });
        toast.success("Grievance Resumed", {
          description: "Its open deadlines moved by the days it was on hold.",
        });
      }
      setText("");
      setError(undefined);
      onClose();
    } catch (e) {
      toastError("Update Failed", e);
    }
  }

  return (
    <ActionDialog
      open={mode !== null}
      title={mode === "resume" ? "Resume grievance" : "Put grievance on hold"}
      description={
        mode === "resume"
          ? `${grievanceId}: the paused deadlines move later by the days it was on hold.`
          : `${grievanceId}: its open deadlines pause until it is resumed.`
      }
      submitLabel={mode === "resume" ? "Resume" : "Put on hold"}
      pending={hold.isPending || resume.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={mode === "resume" ? "Comment (optional)" : "Reason"} error={error}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
