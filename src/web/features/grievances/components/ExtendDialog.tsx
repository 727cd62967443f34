import { useState } from "react";
import { addDays } from "../../../../shared/deadline-engine/index.ts";
import type { TDeadline } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { ApiError } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useExtendDeadline } from "../api/grievances.ts";
import { dayLabel, kindLabel } from "../lib/deadline-words.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/** A mutual extension of an open deadline: the new date and who agreed to it for the employer. */
export function ExtendDialog({
  grievanceId,
  deadlines,
  today,
  open,
  onClose,
}: {
  grievanceId: string;
  /** The open deadlines, the next one first. */
  deadlines: TDeadline[];
  today: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, language } = useWords();
  const extend = useExtendDeadline();
  const [deadlineId, setDeadlineId] = useState("");
  const [newDueDate, setNewDueDate] = useState("");
  const [agreedWith, setAgreedWith] = useState("");
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  // A date on a day off: the server's warning offers the next business day (issue 30).
  const nextDay = fields.nextBusinessDay;
  const chosen = deadlines.find((d) => d.id === deadlineId) ?? deadlines[0];
  const label = (d: TDeadline) =>
    t("extend.option", {
      kind: kindLabel(d.kind, t),
      step: d.step.name,
      day: dayLabel(d.dueDate, today, language),
    });
  const fieldError = (name: string) => {
    const message = fields[name];
    return message ? translateMessage(message) : undefined;
  };

  async function submit(keepDayOff = false) {
    const missing: Record<string, string> = {};
    if (!newDueDate) missing.newDueDate = t("extend.newDateRequired");
    if (!agreedWith.trim()) missing.agreedWith = t("extend.agreedRequired");
    setFields(missing);
    if (!chosen || Object.keys(missing).length > 0) return;
    try {
      await extend.mutateAsync({
        id: grievanceId,
        extension: {
          deadlineId: chosen.id,
          newDueDate,
          agreedWith: agreedWith.trim(),
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(keepDayOff ? { keepDayOff: true } : {}),
        },
      });
      toast.success(t("extend.done"), {
        description: t("extend.doneText", {
          kind: kindLabel(chosen.kind, t),
          day: dayLabel(newDueDate, today, language),
        }),
      });
      setNewDueDate("");
      setAgreedWith("");
      setNote("");
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      // The day-off warning is shown in the dialog, with its two choices, not as a failure.
      if (!(error instanceof ApiError && error.fields?.nextBusinessDay))
        toastError(t("common.updateFailed"), error);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("extend.title")}
      description={t("extend.description")}
      submitLabel={t("extend.title")}
      pending={extend.isPending}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      {deadlines.length > 1 ? (
        <Field label={t("extend.deadline")} error={fieldError("deadlineId")}>
          <Select value={chosen?.id ?? ""} onChange={(e) => setDeadlineId(e.target.value)}>
            {deadlines.map((d) => (
              <option key={d.id} value={d.id}>
                {label(d)}
              </option>
            ))}
          </Select>
        </Field>
      ) : chosen ? (
        <p className="text-sm">{label(chosen)}</p>
      ) : null}
      <Field label={t("extend.newDueDate")} error={fieldError("newDueDate")}>
        <Input
          type="date"
          min={chosen ? addDays(chosen.dueDate, 1) : undefined}
          value={newDueDate}
          onChange={(e) => {
            setNewDueDate(e.target.value);
            setFields({});
          }}
        />
      </Field>
      {nextDay ? (
        <div className="flex flex-wrap gap-2" data-testid="day-off-choice">
          <Button
            type="button"
            size="sm"
            disabled={extend.isPending}
            onClick={() => {
              setNewDueDate(nextDay);
              setFields({});
            }}
          >
            {t("extend.useNext", { day: dayLabel(nextDay, today, language) })}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={extend.isPending}
            onClick={() => void submit(true)}
          >
            {t("extend.keepDayOff", { day: dayLabel(newDueDate, today, language) })}
          </Button>
        </div>
      ) : null}
      <Field
        label={t("extend.agreedWith")}
        error={fieldError("agreedWith")}
        hint={t("extend.agreedHint")}
      >
        <Input value={agreedWith} maxLength={200} onChange={(e) => setAgreedWith(e.target.value)} />
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
