import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useChangeGrievant } from "../api/group-api.ts";
import { useWords } from "../lib/words.ts";
import { GrievantPicker } from "./GrievantPicker.tsx";

/** Stewards and admins change the grievants of an open group grievance (issue 19). */
export function GrievantsPanel({ g }: { g: TGrievance }) {
  const { t } = useWords();
  const change = useChangeGrievant();
  if (g.type !== "group" || !g.actions.includes("grievants")) return null;
  const current = g.grievants.map((p) => p.id);
  const names = Object.fromEntries(g.grievants.map((p) => [p.id, p.name]));

  async function onChange(next: string[]) {
    const added = next.find((id) => !current.includes(id));
    const removed = current.find((id) => !next.includes(id));
    const userId = added ?? removed;
    if (!userId) return;
    try {
      const updated = await change.mutateAsync({ id: g.id, userId, add: Boolean(added) });
      const name = updated.grievants.find((p) => p.id === userId)?.name ?? names[userId] ?? "";
      toast.success(added ? t("grievants.added") : t("grievants.removed"), { description: name });
    } catch (e) {
      toastError(t("common.updateFailed"), e);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("grievants.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <GrievantPicker
          value={current}
          names={names}
          disabled={change.isPending}
          onChange={onChange}
        />
      </CardContent>
    </Card>
  );
}
