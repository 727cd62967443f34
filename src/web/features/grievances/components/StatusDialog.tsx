import { useState } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useChangeStatus } from "../api/grievances.ts";
import { useWords } from "../lib/words.ts";

/** Escalate, resolve or mark pending, with an optional comment that goes into the log. */
export function StatusDialog({
  grievanceId,
  target,
  onClose,
}: {
  grievanceId: string;
  target: "escalated" | "resolved" | "pending" | null;
  onClose: () => void;
}) {
  const { t } = useWords();
  const [note, setNote] = useState("");
  const change = useChangeStatus();

  async function submit() {
    if (!target) return;
    try {
      await change.mutateAsync({
        id: grievanceId,
        change: { status: target, note: note.trim() || undefined },
      });
      toast.success(t(`statusDialog.${target}.done`), {
        description: t(`statusDialog.${target}.doneText`, { id: grievanceId }),
      });
      setNote("");
      onClose();
    } catch (error) {
      toastError(t("common.updateFailed"), error);
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={target ? t(`statusDialog.${target}.title`) : ""}
        description={t("statusDialog.description", { id: grievanceId })}
      >
        <div className="space-y-4">
          <Field label={t("common.commentOptional")} hint={t("common.grievantSees")}>
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button onClick={submit} disabled={change.isPending}>
              {change.isPending
                ? t("common.saving")
                : target
                  ? t(`statusDialog.${target}.button`)
                  : null}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
