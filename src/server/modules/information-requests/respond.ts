import { createHash } from "node:crypto";
import { sql } from "kysely";
import {
  INFORMATION_TOKEN,
  InformationMessages,
  type TInformationRespondView,
  type TRespondItemsInput,
} from "../../../shared/schemas/information-requests.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { notFound } from "../../lib/errors.ts";
import type { Language } from "../../lib/i18n/index.ts";
import { notify } from "../grievances/index.ts";
import { renderFollowUpLetter } from "./letter.ts";
import { answerItems, dayOf, hashToken, logEntry } from "./service.ts";
import { readRequests, requestState } from "./view.ts";

/**
 * The grievance's live event (kind `service`, as the employer's link has): the steward's page
 * and the grievant's refresh the requests without a reload. No content travels in it.
 */
const tell = (
  trx: TenantTx,
  organizationId: string,
  g: { id: string; submittedBy: string | null },
) =>
  notify(trx, { organizationId, grievanceId: g.id, submittedBy: g.submittedBy, kind: "service" });

export const requestLinkNotFound = () => notFound(InformationMessages.linkNotFound);
export const isRequestToken = (token: string) => INFORMATION_TOKEN.test(token);

/** The organization and request of a token (the one cross-organization door), or null. */
export async function requestOfToken(db: DB, token: string) {
  if (!isRequestToken(token)) return null;
  const { rows } = await sql<{ organizationId: string; id: string }>`
    SELECT * FROM information_request_by_token(${hashToken(token)})`.execute(db);
  return rows[0] ?? null;
}

/**
 * The request a token opens: not expired (60 days), its grievance not resolved. A request
 * served again by link has a new token; the old one no longer matches any row. The token
 * opens this request only: nothing here reads another request or the grievance's own record
 * beyond its id and subject.
 */
async function openRequest(trx: TenantTx, organizationId: string, id: string, now: Date) {
  const r = await trx
    .selectFrom("informationRequests")
    .selectAll()
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!r?.expiresAt || new Date(r.expiresAt) <= now) return null;
  const g = await trx
    .selectFrom("grievances")
    .select(["id", "subject", "status", "heldOn", "nextDeadlineId", "submittedBy"])
    .where("organizationId", "=", organizationId)
    .where("id", "=", r.grievanceId)
    .executeTakeFirst();
  if (!g || g.status === "resolved") return null;
  return { r, g };
}

/** GET /api/respond/{request token}; the first open is logged once. */
export async function readRequestLink(
  db: DB,
  token: string,
  now: Date,
): Promise<TInformationRespondView> {
  const found = await requestOfToken(db, token);
  if (!found) throw requestLinkNotFound();
  const org = found.organizationId;
  return withTenant(db, org, async (trx) => {
    const open = await openRequest(trx, org, found.id, now);
    if (!open) throw requestLinkNotFound();
    const { r, g } = open;
    const first = await trx
      .updateTable("informationRequests")
      .set({ openedAt: now })
      .where("organizationId", "=", org)
      .where("id", "=", r.id)
      .where("openedAt", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (first) {
      await logEntry(trx, org, r.id, { kind: "opened", actor: r.contactName ?? "", via: "link" });
      await tell(trx, org, g);
    }
    const day = await dayOf(trx, org, now);
    const [items, files, organization] = await Promise.all([
      trx
        .selectFrom("informationRequestItems")
        .select(["id", "text", "state", "note", "answeredOn"])
        .where("organizationId", "=", org)
        .where("requestId", "=", r.id)
        .orderBy("position")
        .execute(),
      trx
        .selectFrom("informationRequestFiles")
        .select(["itemId", "name", "size", "sha256"])
        .where("organizationId", "=", org)
        .where("requestId", "=", r.id)
        .orderBy("uploadedAt")
        .execute(),
      trx.selectFrom("organizations").select("name").where("id", "=", org).executeTakeFirst(),
    ]);
    return {
      kind: "information_request" as const,
      organization: organization?.name ?? "",
      grievance: { id: g.id, subject: g.subject },
      contactName: r.contactName ?? "",
      message: r.message,
      servedOn: r.servedOn ?? "",
      dueDate: r.dueDate,
      state: requestState(r, day.today),
      letter: requestState(r, day.today) === "overdue",
      items: items.map((i) => ({
        ...i,
        files: files
          .filter((f) => f.itemId === i.id)
          .map((f) => ({ name: f.name, size: f.size, sha256: f.sha256 })),
      })),
    };
  });
}

export interface RequestFile {
  itemId: string;
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
  sha256: string;
}

/**
 * POST /api/respond/{request token}: the items answered now (others later), and files for
 * items of this request. Each answer and each file is logged with its time (files with their
 * SHA-256). Answers are dated the organization's day.
 */
export async function answerRequestLink(
  db: DB,
  token: string,
  now: Date,
  input: TRespondItemsInput | null,
  files: RequestFile[],
): Promise<void> {
  const found = await requestOfToken(db, token);
  if (!found) throw requestLinkNotFound();
  const org = found.organizationId;
  await withTenant(db, org, async (trx) => {
    const first = await openRequest(trx, org, found.id, now);
    if (!first) throw requestLinkNotFound();
    // The grievance first, then the request, as every other action locks them.
    await trx
      .selectFrom("grievances")
      .select("id")
      .where("organizationId", "=", org)
      .where("id", "=", first.r.grievanceId)
      .forUpdate()
      .execute();
    await trx
      .selectFrom("informationRequests")
      .select("id")
      .where("organizationId", "=", org)
      .where("id", "=", found.id)
      .forUpdate()
      .execute();
    const open = await openRequest(trx, org, found.id, now);
    if (!open) throw requestLinkNotFound();
    const { r, g } = open;
    const actor = r.contactName ?? "";
    const day = await dayOf(trx, org, now);
    const itemIds = new Set(
      (
        await trx
          .selectFrom("informationRequestItems")
          .select("id")
          .where("organizationId", "=", org)
          .where("requestId", "=", r.id)
          .execute()
      ).map((i) => i.id),
    );
    for (const f of files) if (!itemIds.has(f.itemId)) throw notFound("Item Not Found");
    if (input)
      await answerItems(
        trx,
        org,
        r,
        g,
        input.items.map((i) => ({ id: i.id, state: i.state, note: i.note ?? "" })),
        { answeredOn: day.today, via: "link", actor, day },
      );
    await tell(trx, org, g);
    for (const f of files) {
      await trx
        .insertInto("informationRequestFiles")
        .values({ organizationId: org, requestId: r.id, ...f })
        .execute();
      await logEntry(trx, org, r.id, {
        kind: "file",
        actor,
        itemId: f.itemId,
        via: "link",
        fileName: f.name,
        sha256: f.sha256,
      });
    }
  });
}

/**
 * GET /api/respond/{request token}/document.pdf: the union's follow-up letter while the
 * request is overdue (the letter served the same way as the request), logged with its SHA-256.
 */
export async function letterOfLink(db: DB, token: string, now: Date, language: Language) {
  const found = await requestOfToken(db, token);
  if (!found) throw requestLinkNotFound();
  const org = found.organizationId;
  return withTenant(db, org, async (trx) => {
    const open = await openRequest(trx, org, found.id, now);
    if (!open) throw requestLinkNotFound();
    const day = await dayOf(trx, org, now);
    const [r] = await readRequests(trx, org, { id: found.id }, day.today);
    if (r?.state !== "overdue") throw requestLinkNotFound();
    const organization = await trx
      .selectFrom("organizations")
      .select("name")
      .where("id", "=", org)
      .executeTakeFirst();
    const bytes = await renderFollowUpLetter({
      organizationName: organization?.name ?? "",
      grievance: { id: open.g.id, subject: open.g.subject },
      request: r,
      today: day.today,
      generatedAt: now,
      language,
    });
    await logEntry(trx, org, r.id, {
      kind: "letter",
      actor: open.r.contactName ?? "",
      via: "link",
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    return { bytes, grievanceId: open.g.id };
  });
}
