import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import { eventLine, type TEventKind } from "../../../shared/schemas/grievances.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";

export interface Actor {
  /** null: someone without an account, the employer answering by link (issue 20). */
  id: string | null;
  name: string;
  role: string;
}

export async function log(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  actor: Actor | null,
  entry: {
    kind: TEventKind;
    status?: GrievanceStatus;
    /** What the person typed (a comment, a note, a status change's note), or a file's name. */
    text?: string | null;
    /** The entry as a line; a comment, note, attachment or status change has its kind's. */
    line?: TextLine;
  },
) {
  await trx
    .insertInto("grievanceEvents")
    .values({
      organizationId,
      grievanceId,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? "System",
      actorRole: actor?.role ?? "system",
      kind: entry.kind,
      status: entry.status ?? null,
      text: entry.text ?? null,
      line: JSON.stringify(entry.line ?? eventLine(entry)),
    })
    .execute();
}
