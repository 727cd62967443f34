import { useId } from "react";
import { Select } from "../../../components/ui/Select.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useAssign } from "../api/grievances.ts";
import { useStewards } from "../api/procedure-api.ts";
import { roleLabel, useWords } from "../lib/words.ts";

/** The steward responsible for the grievance, chosen among the organization's stewards and admins. */
export function AssigneePicker({
  grievanceId,
  assignee,
  disabled,
}: {
  grievanceId: string;
  assignee: { id: string; name: string } | null;
  disabled?: boolean;
}) {
  const { t } = useWords();
  const id = useId();
  const stewards = useStewards(true);
  const assign = useAssign();
  const options = stewards.data ?? (assignee ? [{ ...assignee, role: "steward" as const }] : []);

  async function choose(userId: string) {
    if (!userId || userId === assignee?.id) return;
    try {
      await assign.mutateAsync({ id: grievanceId, userId });
      const name = options.find((o) => o.id === userId)?.name ?? "";
      toast.success(t("assignee.done"), { description: `${grievanceId}: ${name}` });
    } catch (error) {
      toastError(t("common.updateFailed"), error);
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("assignee.label")}
      </label>
      <Select
        id={id}
        value={assignee?.id ?? ""}
        disabled={disabled || assign.isPending}
        onChange={(e) => choose(e.target.value)}
      >
        {assignee ? null : <option value="">{t("assignee.none")}</option>}
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {t("assignee.option", { name: s.name, role: roleLabel(s.role, t) })}
          </option>
        ))}
      </Select>
    </div>
  );
}
