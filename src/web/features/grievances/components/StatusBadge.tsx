import { STATUS_TONE, type TGrievanceStatus } from "../../../../shared/schemas/grievances.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { useWords } from "../lib/words.ts";

export function StatusBadge({ status }: { status: TGrievanceStatus }) {
  const { t } = useWords();
  return <Badge tone={STATUS_TONE[status] ?? "gray"}>{t(`status.${status}`)}</Badge>;
}
