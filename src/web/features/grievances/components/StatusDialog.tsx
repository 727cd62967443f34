import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useChangeStatus } from "../api/grievances.ts";

const COPY = {
  escalated: { title: "Escalate grievance", button: "Escalate", done: "Grievance Escalated" },
  resolved: { title: "Resolve grievance", button: "Resolve", done: "Grievance Resolved" },
  pending: { title: "Mark as pending", button: "Mark as pending", done: "Grievance Updated" },
} as const;

/** Escalate, resolve or mark pending, with an optional comment that goes into the log. */
export function StatusDialog({
  grievanceId,
  target,
  onClose,
}: {
  grievanceId: string;
  target: keyof typeof COPY | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const change = useChangeStatus();
  const copy = target ? COPY[target] : null;

  async function submit() {
    if (!target || !copy) return;
    try {
      await change.mutateAsync({
        id: grievanceId,
        change: { status: target, note: note.trim() || undefined },
      });
      toast.success(copy.done, { description: `${grievanceId} is now ${target}.` });
      setNote("");
      onClose();
    } catch (error) {
      toastError("Update Failed", error);
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={copy?.title ?? ""} description={`Grievance ${grievanceId}`}>
        <div className="space-y-4">
          <Field label="Comment (optional)">
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={change.isPending}>
              {change.isPending ? "Saving..." : copy?.button}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
