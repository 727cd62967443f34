import { createHash, randomBytes } from "node:crypto";
import {
  computeDueDate,
  type IsoDate,
  todayIn,
  type WorkCalendar,
} from "../../../shared/deadline-engine/index.ts";
import { can } from "../../../shared/permissions.ts";
import {
  InformationMessages,
  type TInformationRequestInput,
  type TInformationServeInput,
  type TItemAnswerInput,
} from "../../../shared/schemas/information-requests.ts";
import type { TProcedure } from "../../../shared/schemas/procedure.ts";
import type { DB } from "../../db/connection.ts";
import { type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { Language } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import type { Tenant } from "../../plugins/access.ts";
import {
  type ActionContext,
  conflict,
  findVisible,
  lockGrievance,
  pauseForInformation,
  resumeAfterInformation,
  visibilityOf,
} from "../grievances/index.ts";
import { requestMail } from "./mail.ts";

/** A request's link lives 60 days, like the grievance's (product-decisions.md 29). */
export const REQUEST_LINK_DAYS = 60;
/** 'ir_' and 256 random bits: told apart from a grievance's token by its form alone. */
export const newRequestToken = () => `ir_${randomBytes(32).toString("base64url")}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface Day {
  procedure: TProcedure;
  calendar: WorkCalendar;
  today: IsoDate;
}

export async function dayOf(trx: TenantTx, organizationId: string, now: Date): Promise<Day> {
  const procedure = await loadProcedure(trx, organizationId);
  return {
    procedure,
    calendar: workCalendar(procedure),
    today: todayIn(procedure.timeZone, now),
  };
}

const field = (name: string, message: string) =>
  new AppError(400, "VALIDATION_FAILED", message, { [name]: message });

/** The request's due date: the procedure's limit from the day it was served (or asked). */
function dueFrom(day: Day, from: IsoDate, served: boolean) {
  const limit = day.procedure.informationResponseLimit;
  return {
    limit,
    computed: computeDueDate({
      from,
      fromLabel: served ? "served" : "requested",
      heading: { kind: "information" },
      limit,
      calendar: day.calendar,
    }),
  };
}

/** The day the grievance was filed, in the organization's time zone. */
async function filedDay(trx: TenantTx, organizationId: string, grievanceId: string, tz: string) {
  const g = await trx
    .selectFrom("grievances")
    .select("filedAt")
    .where("organizationId", "=", organizationId)
    .where("id", "=", grievanceId)
    .executeTakeFirstOrThrow();
  return todayIn(tz, new Date(g.filedAt));
}

/** A service day on the case's timeline: not before the filing, not in the future. */
async function checkServedOn(
  trx: TenantTx,
  organizationId: string,
  grievanceId: string,
  servedOn: IsoDate,
  day: Day,
) {
  if (servedOn > day.today) throw field("servedOn", "The request cannot be served in the future.");
  const filed = await filedDay(trx, organizationId, grievanceId, day.procedure.timeZone);
  if (servedOn < filed)
    throw field("servedOn", "The request cannot be served before the grievance was filed.");
}

export function mustChange(tenant: Tenant) {
  // Stewards and admins: the route's access rule says so; this guards callers from elsewhere.
  if (!can(tenant.role, "update:grievance")) throw notFound("Information Request Not Found");
}

async function logEntry(
  trx: TenantTx,
  organizationId: string,
  requestId: string,
  entry: {
    kind: "created" | "served" | "opened" | "answer" | "file" | "reminder" | "letter";
    actor: string;
    itemId?: string;
    via?: "link" | "paper";
    state?: string;
    onDay?: string;
    note?: string;
    fileName?: string;
    sha256?: string;
  },
) {
  await trx
    .insertInto("informationRequestLog")
    .values({
      organizationId,
      requestId,
      kind: entry.kind,
      actorName: entry.actor,
      itemId: entry.itemId ?? null,
      via: entry.via ?? null,
      state: entry.state ?? null,
      onDay: entry.onDay ?? null,
      note: entry.note ?? null,
      fileName: entry.fileName ?? null,
      sha256: entry.sha256 ?? null,
    })
    .execute();
}

export { logEntry };

/** POST /api/grievances/:id/information-requests */
export async function createRequest(
  ctx: ActionContext,
  grievanceId: string,
  input: TInformationRequestInput,
): Promise<string> {
  mustChange(ctx.tenant);
  const org = ctx.tenant.organizationId;
  return withTenant(ctx.db, org, async (trx) => {
    const g = await lockGrievance(trx, ctx.tenant, grievanceId);
    if (g.status === "resolved")
      throw conflict("A resolved grievance cannot have a new information request.");
    const day = await dayOf(trx, org, ctx.now);
    if (input.servedOn) await checkServedOn(trx, org, grievanceId, input.servedOn, day);
    const { limit, computed } = dueFrom(day, input.servedOn ?? day.today, !!input.servedOn);
    const request = await trx
      .insertInto("informationRequests")
      .values({
        organizationId: org,
        grievanceId,
        dueDate: computed.dueDate,
        explanation: JSON.stringify(computed.explanation),
        limitDays: limit.days,
        dayType: limit.dayType,
        timeZone: day.procedure.timeZone,
        servedOn: input.servedOn ?? null,
        servedVia: input.servedOn ? "paper" : null,
        createdBy: ctx.actor.id,
        createdByName: ctx.actor.name,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("informationRequestItems")
      .values(
        input.items.map((item, position) => ({
          organizationId: org,
          requestId: request.id,
          position,
          text: item.text,
        })),
      )
      .execute();
    await logEntry(trx, org, request.id, { kind: "created", actor: ctx.actor.name });
    if (input.servedOn) {
      await logEntry(trx, org, request.id, {
        kind: "served",
        actor: ctx.actor.name,
        via: "paper",
        onDay: input.servedOn,
      });
      if (day.procedure.tollWhileInformationPending)
        await pauseForInformation(trx, org, g, request.id, input.servedOn);
    }
    return request.id;
  });
}

/**
 * The request and its grievance, locked in that order (the grievance first, as every action
 * on it does, so two requests of one grievance never wait on each other); 404 for another
 * organization's.
 */
export async function lockRequest(trx: TenantTx, tenant: Tenant, id: string) {
  const found = await trx
    .selectFrom("informationRequests")
    .select("grievanceId")
    .where("organizationId", "=", tenant.organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!found) throw notFound("Information Request Not Found");
  const g = await lockGrievance(trx, tenant, found.grievanceId);
  const r = await trx
    .selectFrom("informationRequests")
    .selectAll()
    .where("organizationId", "=", tenant.organizationId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { r, g };
}

/** Is `id` a request this viewer may see? Its grievance must be theirs to see. */
export async function visibleRequest(trx: TenantTx, tenant: Tenant, id: string) {
  const r = await trx
    .selectFrom("informationRequests")
    .select(["id", "grievanceId"])
    .where("organizationId", "=", tenant.organizationId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!r || !(await findVisible(trx, visibilityOf(tenant), r.grievanceId)))
    throw notFound("Information Request Not Found");
  return r;
}

/**
 * POST /api/information-requests/:id/serve: by link (a new token mailed to the contact; only
 * its SHA-256 kept) or on paper (the day given). The due date is counted again from the day
 * served. Serving again by link (another contact, a lost mail) makes a new link; the old one
 * stops opening. With tolling on, the grievance's running deadline pauses.
 */
export async function serveRequest(
  ctx: ActionContext & { language: Language },
  id: string,
  input: TInformationServeInput,
): Promise<void> {
  mustChange(ctx.tenant);
  const org = ctx.tenant.organizationId;
  await withTenant(ctx.db, org, async (trx) => {
    const { r, g } = await lockRequest(trx, ctx.tenant, id);
    if (g.status === "resolved") throw conflict("A resolved grievance cannot be served.");
    if (r.answeredOn) throw conflict("Every item of this request is already answered.");
    const day = await dayOf(trx, org, ctx.now);
    const contact = input.contactId
      ? await trx
          .selectFrom("employerContacts")
          .select(["id", "name", "email"])
          .where("organizationId", "=", org)
          .where("id", "=", input.contactId)
          .executeTakeFirst()
      : null;
    if (input.contactId && !contact) throw notFound("Contact Not Found");
    const servedOn = input.servedOn ?? day.today;
    if (input.servedOn) await checkServedOn(trx, org, r.grievanceId, input.servedOn, day);
    // A request already served keeps its first day: the clock does not restart on a resend.
    const firstDay = r.servedOn ?? servedOn;
    const recount = r.servedOn === null;
    const { computed } = recount ? dueFrom(day, firstDay, true) : { computed: null };
    let token: string | null = null;
    if (contact) token = newRequestToken();
    await trx
      .updateTable("informationRequests")
      .set({
        servedOn: firstDay,
        servedVia: r.servedVia ?? (contact ? "link" : "paper"),
        ...(computed
          ? { dueDate: computed.dueDate, explanation: JSON.stringify(computed.explanation) }
          : {}),
        ...(contact && token
          ? {
              contactName: contact.name,
              contactEmail: contact.email,
              message: input.message ?? "",
              tokenHash: hashToken(token),
              expiresAt: new Date(ctx.now.getTime() + REQUEST_LINK_DAYS * 24 * 3600 * 1000),
              openedAt: null,
            }
          : {}),
      })
      .where("organizationId", "=", org)
      .where("id", "=", r.id)
      .execute();
    if (contact && token) {
      // Served again once overdue: a follow-up listing only what is still missing.
      const followUp = !recount && r.dueDate < day.today;
      const items = await trx
        .selectFrom("informationRequestItems")
        .select("text")
        .where("organizationId", "=", org)
        .where("requestId", "=", r.id)
        .$if(followUp, (q) => q.where("state", "in", ["pending", "partial"]))
        .orderBy("position")
        .execute();
      const organization = await trx
        .selectFrom("organizations")
        .select("name")
        .where("id", "=", org)
        .executeTakeFirstOrThrow();
      const mailId = await enqueueMail(trx, {
        to: contact.email,
        ...requestMail({
          organizationName: organization.name,
          contactName: contact.name,
          grievanceId: r.grievanceId,
          items: items.map((i) => i.text),
          dueDate: computed?.dueDate ?? r.dueDate,
          message: input.message ?? "",
          url: `${ctx.appUrl}/respond/${token}`,
          language: ctx.language,
          reminder: false,
          followUp,
        }),
      });
      await trx
        .updateTable("informationRequests")
        .set({ mailId })
        .where("organizationId", "=", org)
        .where("id", "=", r.id)
        .execute();
    }
    await logEntry(trx, org, r.id, {
      kind: "served",
      actor: ctx.actor.name,
      via: contact ? "link" : "paper",
      onDay: servedOn,
      ...(contact ? { note: `${contact.name} <${contact.email}>` } : {}),
    });
    if (recount && day.procedure.tollWhileInformationPending)
      await pauseForInformation(trx, org, g, r.id, firstDay);
  });
}

/**
 * One item's answer, by the employer's link or the steward's record of a paper answer. The
 * same answer again (a double click, a second tab) changes nothing and logs nothing; another
 * answer to an answered item is refused. When the last item is answered, the request is
 * answered that day and, with tolling on, the grievance's deadline runs again.
 */
export async function answerItems(
  trx: TenantTx,
  organizationId: string,
  r: { id: string; servedOn: string | null; grievanceId: string },
  g: { id: string; heldOn: string | null; nextDeadlineId: string | null },
  answers: { id: string; state: string; note: string }[],
  a: { answeredOn: IsoDate; via: "link" | "paper"; actor: string; day: Day },
): Promise<void> {
  if (!r.servedOn) throw conflict("Serve the request before recording answers.");
  if (a.answeredOn < r.servedOn)
    throw field("answeredOn", "An answer cannot come before the request was served.");
  if (a.answeredOn > a.day.today)
    throw field("answeredOn", "An answer cannot be recorded in the future.");
  const items = await trx
    .selectFrom("informationRequestItems")
    .select(["id", "state", "note"])
    .where("organizationId", "=", organizationId)
    .where("requestId", "=", r.id)
    .forUpdate()
    .execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<string>();
  for (const answer of answers) {
    const item = byId.get(answer.id);
    if (!item) throw notFound("Item Not Found");
    if (seen.has(answer.id)) throw field("items", "Answer each item once.");
    seen.add(answer.id);
    if (item.state !== "pending" && (item.state !== answer.state || item.note !== answer.note))
      throw conflict("This item is already answered.");
  }
  for (const answer of answers) {
    const item = byId.get(answer.id);
    if (item?.state !== "pending") continue;
    await trx
      .updateTable("informationRequestItems")
      .set({
        state: answer.state as "provided",
        note: answer.note,
        answeredOn: a.answeredOn,
        answeredVia: a.via,
        answeredByName: a.actor,
      })
      .where("organizationId", "=", organizationId)
      .where("id", "=", answer.id)
      .execute();
    item.state = answer.state as "provided";
    await logEntry(trx, organizationId, r.id, {
      kind: "answer",
      actor: a.actor,
      itemId: answer.id,
      via: a.via,
      state: answer.state,
      onDay: a.answeredOn,
      ...(answer.note ? { note: answer.note } : {}),
    });
  }
  if (items.some((i) => i.state === "pending")) return;
  const last = await trx
    .selectFrom("informationRequestItems")
    .select((eb) => eb.fn.max("answeredOn").as("last"))
    .where("organizationId", "=", organizationId)
    .where("requestId", "=", r.id)
    .executeTakeFirstOrThrow();
  const answeredOn = String(last.last ?? a.answeredOn);
  const updated = await trx
    .updateTable("informationRequests")
    .set({ answeredOn })
    .where("organizationId", "=", organizationId)
    .where("id", "=", r.id)
    .where("answeredOn", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (updated)
    await resumeAfterInformation(
      trx,
      organizationId,
      g,
      r.id,
      a.day.calendar,
      a.actor,
      a.day.today,
    );
}

/** POST /api/information-requests/:id/items/:itemId: the steward records a paper answer. */
export async function recordPaperAnswer(
  ctx: ActionContext,
  id: string,
  itemId: string,
  input: TItemAnswerInput,
): Promise<void> {
  mustChange(ctx.tenant);
  const org = ctx.tenant.organizationId;
  await withTenant(ctx.db, org, async (trx) => {
    const { r, g } = await lockRequest(trx, ctx.tenant, id);
    const day = await dayOf(trx, org, ctx.now);
    await answerItems(
      trx,
      org,
      r,
      g,
      [{ id: itemId, state: input.state, note: input.note ?? "" }],
      { answeredOn: input.answeredOn, via: "paper", actor: ctx.actor.name, day },
    );
  });
}

export { InformationMessages };

/** Whether the reader sees everything (stewards, admins) or the grievant's view. */
export const seesAll = (tenant: Tenant) => can(tenant.role, "update:grievance");

export type { DB };
