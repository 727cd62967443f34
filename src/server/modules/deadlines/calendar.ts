import { createHash, randomBytes } from "node:crypto";
import ical from "ical-generator";
import { sql } from "kysely";
import { can, type Role } from "../../../shared/permissions.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { asLanguage, defaultsIn, lineTextIn, translator } from "../../lib/i18n/index.ts";

/** 256 random bits, URL-safe; only the SHA-256 is stored, so the database cannot give it back. */
export const newFeedToken = () => randomBytes(32).toString("base64url");
export const hashFeedToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function saveFeed(
  trx: TenantTx,
  a: { organizationId: string; userId: string; scope: "mine" | "all" },
): Promise<string> {
  const token = newFeedToken();
  await trx
    .insertInto("calendarFeeds")
    .values({ ...a, tokenHash: hashFeedToken(token) })
    .onConflict((oc) =>
      oc.columns(["organizationId", "userId"]).doUpdateSet({
        tokenHash: hashFeedToken(token),
        scope: a.scope,
        createdAt: new Date(),
      }),
    )
    .execute();
  return token;
}

/**
 * The feed of a token, or null when no such feed exists (revoked, or its owner is no longer a
 * steward or admin there). One all-day event per open deadline the owner answers for: their
 * assigned grievances and the unassigned ones (as the reminders), or the whole local's for an
 * admin's 'all' feed. Only ids, steps, dates and the date's explanation: no notes, no member's
 * details. What the owner may see is read at each fetch, from their role of that moment: an
 * 'all' feed whose admin became a steward serves what a steward's feed does (issue 28).
 */
export async function feedFor(db: DB, token: string, appUrl: string): Promise<string | null> {
  const { rows } = await sql<{
    organizationId: string;
    userId: string;
    scope: "mine" | "all";
    role: Role;
  }>`SELECT * FROM calendar_feed_by_token(${hashFeedToken(token)})`.execute(db);
  const found = rows[0];
  if (!found || !can(found.role, "view:all_grievances")) return null;
  const scope = found.scope === "all" && can(found.role, "manage:organization") ? "all" : "mine";
  const feed = { ...found, scope };
  return withTenant(db, feed.organizationId, async (trx) => {
    let q = trx
      .selectFrom("grievanceDeadlines as d")
      .innerJoin("grievances as g", (j) =>
        j.onRef("g.organizationId", "=", "d.organizationId").onRef("g.id", "=", "d.grievanceId"),
      )
      .select(["d.id", "d.grievanceId", "d.stepName", "d.kind", "d.dueDate", "d.explanation"])
      .where("d.organizationId", "=", feed.organizationId)
      .where("d.state", "=", "open")
      .where("d.closedOn", "is", null)
      // A money remedy's payment date stays until it is confirmed (issue 30).
      .where((eb) => eb.or([eb("g.status", "<>", "resolved"), eb("d.kind", "=", "remedy")]));
    if (feed.scope === "mine")
      q = q.where((eb) =>
        eb.or([eb("g.assigneeId", "=", feed.userId), eb("g.assigneeId", "is", null)]),
      );
    const deadlines = await q.orderBy("d.dueDate").orderBy("d.id").execute();
    // The feed is read by its owner: their language comes with the organization's name.
    const org = await trx
      .selectFrom("organizations")
      .select((eb) => [
        "name",
        eb.selectFrom("users").select("language").where("id", "=", feed.userId).as("ownerLanguage"),
      ])
      .where("id", "=", feed.organizationId)
      .executeTakeFirst();
    const language = asLanguage(org?.ownerLanguage);
    const t = translator(language);
    const stored = lineTextIn(language);
    const calendar = ical({
      name: t("calendar:name", { organization: org?.name ?? "UnionHall" }),
      prodId: { company: "UnionHall", product: "Deadlines", language: language.toUpperCase() },
      ttl: 60 * 60,
    });
    for (const d of deadlines) {
      const url = `${appUrl}/grievances/${d.grievanceId}`;
      calendar.createEvent({
        id: `${d.id}@unionhall`,
        start: new Date(`${d.dueDate}T00:00:00Z`),
        allDay: true,
        summary: t("calendar:title", {
          id: d.grievanceId,
          step: defaultsIn(language).step(d.stepName),
          what: t(`calendar:kinds.${d.kind}`),
        }),
        description: `${d.explanation.map(stored).join("\n")}\n\n${url}`,
        url,
      });
    }
    return calendar.toString();
  });
}
