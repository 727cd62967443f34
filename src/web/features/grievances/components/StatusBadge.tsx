import { STATUS_TONE, type TGrievanceStatus } from "../../../../shared/schemas/grievances.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const LABEL: Record<TGrievanceStatus, string> = {
  new: "New",
  pending: "Pending",
  escalated: "Escalated",
  resolved: "Resolved",
};

export function StatusBadge({ status }: { status: TGrievanceStatus }) {
  return <Badge tone={STATUS_TONE[status] ?? "gray"}>{LABEL[status]}</Badge>;
}
