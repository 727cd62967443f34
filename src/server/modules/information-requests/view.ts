import type {
  TInformationRequest,
  TRequestState,
} from "../../../shared/schemas/information-requests.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { apiLines } from "../../lib/i18n/index.ts";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** open, answered (every item answered) or overdue (served, past its due date, items missing). */
export function requestState(
  r: { servedOn: string | null; answeredOn: string | null; dueDate: string },
  today: string,
): TRequestState {
  if (r.answeredOn) return "answered";
  return r.servedOn && today > r.dueDate ? "overdue" : "open";
}

/**
 * The requests of a grievance (or one request), oldest first, with items, files and log, as
 * stewards and admins see them. `forGrievant` cuts that down to what the grievant sees.
 */
export async function readRequests(
  trx: TenantTx,
  organizationId: string,
  where: { grievanceId: string } | { id: string },
  today: string,
): Promise<TInformationRequest[]> {
  let q = trx
    .selectFrom("informationRequests")
    .selectAll()
    .where("organizationId", "=", organizationId);
  q = "id" in where ? q.where("id", "=", where.id) : q.where("grievanceId", "=", where.grievanceId);
  const requests = await q.orderBy("createdAt").orderBy("id").execute();
  if (requests.length === 0) return [];
  const ids = requests.map((r) => r.id);
  const [items, files, log] = await Promise.all([
    trx
      .selectFrom("informationRequestItems")
      .selectAll()
      .where("organizationId", "=", organizationId)
      .where("requestId", "in", ids)
      .orderBy("position")
      .execute(),
    trx
      .selectFrom("informationRequestFiles")
      .select(["id", "requestId", "itemId", "name", "size", "sha256", "uploadedAt"])
      .where("organizationId", "=", organizationId)
      .where("requestId", "in", ids)
      .orderBy("uploadedAt")
      .orderBy("id")
      .execute(),
    trx
      .selectFrom("informationRequestLog")
      .selectAll()
      .where("organizationId", "=", organizationId)
      .where("requestId", "in", ids)
      .orderBy("at")
      .orderBy("id")
      .execute(),
  ]);
  return requests.map((r) => ({
    id: r.id,
    grievanceId: r.grievanceId,
    dueDate: r.dueDate,
    state: requestState(r, today),
    servedOn: r.servedOn,
    answeredOn: r.answeredOn,
    ...apiLines(r.explanation),
    servedVia: r.servedVia,
    contact:
      r.contactName && r.contactEmail ? { name: r.contactName, email: r.contactEmail } : null,
    openedAt: iso(r.openedAt),
    createdAt: new Date(r.createdAt).toISOString(),
    createdBy: r.createdByName,
    items: items
      .filter((i) => i.requestId === r.id)
      .map((i) => ({
        id: i.id,
        text: i.text,
        state: i.state,
        answeredOn: i.answeredOn,
        note: i.note,
        answeredVia: i.answeredVia,
        files: files
          .filter((f) => f.itemId === i.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            size: f.size,
            sha256: f.sha256,
            uploadedAt: new Date(f.uploadedAt).toISOString(),
          })),
      })),
    log: log
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        at: new Date(e.at).toISOString(),
        kind: e.kind,
        actor: e.actorName,
        itemId: e.itemId,
        via: e.via,
        state: e.state,
        onDay: e.onDay,
        note: e.note,
        fileName: e.fileName,
        sha256: e.sha256,
      })),
  }));
}

/**
 * What the grievant sees of a request (product-decisions.md 28, and the decision record 030):
 * that it was asked, when it is due and each item's text and state. Not the notes (the
 * employer's and the steward's), the files (evidence may name other employees), whom it was
 * served on, the explanation or the log.
 */
export function forGrievant(r: TInformationRequest): TInformationRequest {
  return {
    id: r.id,
    grievanceId: r.grievanceId,
    dueDate: r.dueDate,
    state: r.state,
    servedOn: r.servedOn,
    answeredOn: r.answeredOn,
    lines: [],
    explanation: [],
    items: r.items.map((i) => ({
      id: i.id,
      text: i.text,
      state: i.state,
      answeredOn: i.answeredOn,
    })),
  };
}
