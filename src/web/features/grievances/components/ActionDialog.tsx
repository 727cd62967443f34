import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../components/ui/Button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { useWords } from "../lib/words.ts";

/**
 * The spec's kind of dialog for one grievance action: a title, the grievance it acts on, the
 * action's own fields, then Cancel and the action's button (disabled while saving).
 */
export function ActionDialog({
  open,
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useWords();
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent title={title} description={description}>
        <form className="space-y-4" noValidate onSubmit={submit}>
          {children}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t("common.saving") : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
