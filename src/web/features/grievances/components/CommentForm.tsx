import { Lock, MessageSquare } from "lucide-react";
import { useState } from "react";
import { GrievanceMessages } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useAddComment } from "../api/grievances.ts";
import { useWords } from "../lib/words.ts";

/**
 * A comment the grievant sees, or for stewards and admins an internal note: a switch above the
 * box says which one is being written, and the note's box is tinted so nobody mixes them up.
 */
export function CommentForm({ grievanceId, canNote }: { grievanceId: string; canNote: boolean }) {
  const { t } = useWords();
  const comment = useAddComment();
  const [text, setText] = useState("");
  const [internal, setInternal] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      toast.error(t("comment.failed"), {
        description: translateMessage(GrievanceMessages.commentBlank),
      });
      return;
    }
    try {
      await comment.mutateAsync({ id: grievanceId, text: text.trim(), internal });
      setText("");
      toast.success(internal ? t("comment.noteAdded") : t("comment.added"));
    } catch (error) {
      toastError(t("comment.failed"), error);
    }
  }

  const kinds = [
    { value: false, label: t("comment.comment"), icon: MessageSquare },
    { value: true, label: t("comment.internalNote"), icon: Lock },
  ];
  return (
    <form className="space-y-3" onSubmit={submit}>
      {canNote ? (
        <fieldset className="inline-flex rounded-md border border-border p-0.5">
          <legend className="sr-only">{t("comment.writeA")}</legend>
          {kinds.map((k) => (
            <label
              key={k.label}
              className={cn(
                "inline-flex cursor-pointer items-center gap-1.5 rounded px-3 py-1.5 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                internal === k.value
                  ? k.value
                    ? "bg-amber-100 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                    : "bg-muted font-medium"
                  : "text-muted-foreground hover:bg-muted",
              )}
            >
              <input
                type="radio"
                name="comment-kind"
                className="sr-only"
                checked={internal === k.value}
                onChange={() => setInternal(k.value)}
              />
              <k.icon aria-hidden className="size-4" /> {k.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field
        label={internal ? t("comment.internalNote") : t("comment.comment")}
        hint={internal ? t("comment.internalNoteLabel") : canNote ? t("comment.hint") : undefined}
      >
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={5000}
          className={cn(
            internal && "border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40",
          )}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={comment.isPending}>
          {comment.isPending
            ? t("comment.posting")
            : internal
              ? t("comment.postNote")
              : t("comment.post")}
        </Button>
      </div>
    </form>
  );
}
