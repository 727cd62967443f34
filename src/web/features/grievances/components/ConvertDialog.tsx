import { useState } from "react";
import { useNavigate } from "react-router";
import { SUBJECT_MAX, type TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useConvertToGroup } from "../api/group-api.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

/**
 * 'Join into a group grievance' (issue 19) on an open individual grievance: this one, the
 * related grievances ticked, and any others by id. The new group grievance opens; each one
 * joined closes as merged into it, its history kept.
 */
export function ConvertButton({ g }: { g: TGrievance }) {
  const { t } = useWords();
  const navigate = useNavigate();
  const convert = useConvertToGroup();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [others, setOthers] = useState("");
  const [subject, setSubject] = useState("");
  const [error, setError] = useState<string>();
  if (g.type !== "individual" || g.status === "resolved") return null;

  async function submit() {
    const typed = others
      .split(/[,\s]+/)
      .map((id) => id.trim().toUpperCase())
      .filter(Boolean);
    const grievanceIds = [...new Set([g.id, ...picked, ...typed])];
    if (grievanceIds.length < 2) {
      setError(t("convert.pickOne"));
      return;
    }
    try {
      const group = await convert.mutateAsync({
        grievanceIds,
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      });
      toast.success(t("convert.done"), {
        description: t("convert.doneText", { id: group.id, ids: grievanceIds.join(", ") }),
      });
      setOpen(false);
      navigate(`/grievances/${group.id}`);
    } catch (e) {
      setError(translateMessage(e instanceof Error ? e.message : String(e)));
      toastError(t("convert.failed"), e);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        onClick={() => {
          setPicked([]);
          setError(undefined);
          setOpen(true);
        }}
      >
        {t("convert.title")}
      </Button>
      <ActionDialog
        open={open}
        title={t("convert.title")}
        description={t("convert.description", { id: g.id })}
        submitLabel={t("convert.submit")}
        pending={convert.isPending}
        onSubmit={submit}
        onClose={() => setOpen(false)}
      >
        {g.relatedIds.length > 0 ? (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">{t("convert.related")}</legend>
            {g.relatedIds.map((id) => (
              <label key={id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={picked.includes(id)}
                  onChange={(e) =>
                    setPicked(e.target.checked ? [...picked, id] : picked.filter((p) => p !== id))
                  }
                />
                {id}
              </label>
            ))}
          </fieldset>
        ) : null}
        <Field label={t("convert.others")} error={error} hint={t("convert.othersHint")}>
          <Input value={others} onChange={(e) => setOthers(e.target.value)} maxLength={2000} />
        </Field>
        <Field label={t("convert.subject")} hint={t("convert.subjectHint")}>
          <Input
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            maxLength={SUBJECT_MAX}
          />
        </Field>
      </ActionDialog>
    </>
  );
}
