import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Role } from "../../../shared/permissions.ts";
import { planLimits } from "../../../shared/plans.ts";
import { OrgMessages } from "../../../shared/schemas/organizations.ts";
import type { DB } from "../../db/connection.ts";
import { lookupTenant, type TenantTx, withTenant } from "../../db/tenant.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { asLanguage, type Language } from "../../lib/i18n/index.ts";
import { enqueueMail, enqueueMails } from "../../lib/mail/outbox.ts";
import { invitationMail } from "../../lib/mail/templates.ts";
import { addMemberTx, countSeats } from "../../lib/tenancy/memberships.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import {
  assertOpenToNewMembers,
  assertRoleAllowed,
  assertSeatAvailable,
} from "../../lib/tenancy/plan-gating.ts";
import { findTenant } from "../../plugins/access.ts";

const INVITATION_DAYS = 14;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

const toDto = (i: { id: string; email: string; role: Role; expiresAt: Date | string }) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  expiresAt: new Date(i.expiresAt).toISOString(),
});

/** An admin invites someone by email with a role; the link carries a one-time token. */
export async function createInvitation(
  db: DB,
  /** language: the inviter's, for an address that has no account yet. */
  ctx: { organizationId: string; userId: string; appUrl: string; language: Language },
  input: {
    email: string;
    role: Role;
    badgeNumber: string | null;
    department: string | null;
    facility: string | null;
  },
) {
  const token = randomBytes(32).toString("base64url");
  const invitation = await withTenant(db, ctx.organizationId, async (trx) => {
    const org = await trx
      .selectFrom("organizations")
      .select(["name", "plan"])
      .where("id", "=", ctx.organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    assertRoleAllowed(org.plan, input.role);
    const already = await trx
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select("u.id")
      .where("m.organizationId", "=", ctx.organizationId)
      .where("u.email", "=", input.email)
      .executeTakeFirst();
    if (already)
      throw new AppError(409, "CONFLICT", "This person is already a member of your organization.");
    // A new invitation to the same email replaces the open one.
    await trx
      .deleteFrom("invitations")
      .where("organizationId", "=", ctx.organizationId)
      .where("email", "=", input.email)
      .where("acceptedAt", "is", null)
      .execute();
    assertSeatAvailable(org.plan, await countSeats(trx, ctx.organizationId));
    const row = await trx
      .insertInto("invitations")
      .values({
        organizationId: ctx.organizationId,
        email: input.email,
        role: input.role,
        badgeNumber: input.badgeNumber,
        department: input.department,
        facility: input.facility,
        tokenHash: hashToken(token),
        invitedBy: ctx.userId,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      })
      .returning(["id", "email", "role", "expiresAt"])
      .executeTakeFirstOrThrow();
    // The mail is read by the address's owner: in their language when they have an account.
    const invitee = await trx
      .selectFrom("users")
      .select("language")
      .where("email", "=", input.email)
      .executeTakeFirst();
    return {
      ...row,
      organizationName: org.name,
      language: invitee ? asLanguage(invitee.language) : ctx.language,
    };
  });
  const url = `${ctx.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  await enqueueMail(db, {
    to: input.email,
    ...invitationMail(invitation.organizationName, input.role, url, invitation.language),
  });
  return toDto(invitation);
}

export function listOpenInvitations(db: DB, organizationId: string) {
  return withTenant(db, organizationId, async (trx) =>
    (
      await trx
        .selectFrom("invitations")
        .select(["id", "email", "role", "expiresAt"])
        .where("organizationId", "=", organizationId)
        .where("acceptedAt", "is", null)
        .where("expiresAt", ">", sql<Date>`now()`)
        .orderBy("createdAt", "desc")
        .execute()
    ).map(toDto),
  );
}

export async function revokeInvitation(db: DB, organizationId: string, id: string) {
  const deleted = await withTenant(db, organizationId, (trx) =>
    trx
      .deleteFrom("invitations")
      .where("organizationId", "=", organizationId)
      .where("id", "=", id)
      .where("acceptedAt", "is", null)
      .executeTakeFirst(),
  );
  if (Number(deleted.numDeletedRows) === 0) throw notFound("Invitation not found");
}

async function openInvitation(db: DB, token: string) {
  const hash = hashToken(token);
  const organizationId = await lookupTenant(db, "invitation", hash);
  if (!organizationId) return null;
  return { organizationId, hash };
}

const INVALID = "This invitation is not valid any more. Ask your union's admin for a new one.";

/** What the invitee sees before accepting. */
export async function describeInvitation(db: DB, token: string) {
  const found = await openInvitation(db, token);
  if (!found) throw notFound(INVALID);
  return withTenant(db, found.organizationId, async (trx) => {
    const inv = await trx
      .selectFrom("invitations as i")
      .leftJoin("users as u", "u.id", "i.invitedBy")
      .select(["i.email", "i.role", "i.expiresAt", "i.acceptedAt", "u.name as inviterName"])
      .where("i.organizationId", "=", found.organizationId)
      .where("i.tokenHash", "=", found.hash)
      .executeTakeFirst();
    const org = await getOrganization(trx, found.organizationId);
    if (!inv || !org || inv.acceptedAt || new Date(inv.expiresAt) < new Date())
      throw notFound(INVALID);
    // The invitee sees who asked them in (the link may come from a stranger's forward otherwise).
    return {
      organizationName: org.name,
      email: inv.email,
      role: inv.role,
      invitedBy: inv.inviterName ?? null,
    };
  });
}

export async function acceptInvitation(db: DB, user: { id: string; email: string }, token: string) {
  const found = await openInvitation(db, token);
  if (!found) throw notFound(INVALID);
  if (await findTenant(db, user.id)) throw new AppError(409, "CONFLICT", OrgMessages.alreadyMember);
  return withTenant(db, found.organizationId, async (trx) => {
    const org = await trx
      .selectFrom("organizations")
      .select(["id", "name", "plan"])
      .where("id", "=", found.organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const inv = await trx
      .selectFrom("invitations")
      .selectAll()
      .where("organizationId", "=", found.organizationId)
      .where("tokenHash", "=", found.hash)
      .executeTakeFirst();
    if (!inv || inv.acceptedAt || new Date(inv.expiresAt) < new Date()) throw notFound(INVALID);
    if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        403,
        "FORBIDDEN",
        `This invitation was sent to ${inv.email}. Sign in with that email to accept it.`,
      );
    }
    // The plan, or the subscription, may have changed since the invitation went out.
    await assertOpenToNewMembers(trx, found.organizationId);
    assertRoleAllowed(org.plan, inv.role);
    await trx
      .updateTable("invitations")
      .set({ acceptedAt: new Date() })
      .where("organizationId", "=", inv.organizationId)
      .where("id", "=", inv.id)
      .execute();
    await addMemberTx(trx, {
      organizationId: inv.organizationId,
      userId: user.id,
      role: inv.role,
      badgeNumber: inv.badgeNumber,
      department: inv.department,
      facility: inv.facility,
    });
    return { id: org.id, name: org.name };
  });
}

/**
 * Invitations to roster people (issue 29), inside the caller's transaction. Each person is
 * claimed first (`invited_at` set where it was empty, or for a resend where an open invitation
 * stands): two requests, or two instances, racing over the same people each claim a disjoint
 * set, so every person gets one mail. The claim, the invitation and its outbox mail commit
 * together. Seats are the plan's, as for one invitation: people past the limit are left out.
 */
export async function inviteRosterPeopleTx(
  trx: TenantTx,
  ctx: { organizationId: string; userId: string; appUrl: string; language: Language },
  personIds: readonly string[],
  resend = false,
): Promise<{ invited: number; overSeats: number }> {
  if (personIds.length === 0) return { invited: 0, overSeats: 0 };
  const org = await trx
    .selectFrom("organizations")
    .select(["name", "plan"])
    .where("id", "=", ctx.organizationId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  const claimed: { id: string; email: string | null; language: Language | null }[] = [];
  for (let i = 0; i < personIds.length; i += 1000) {
    const chunk = personIds.slice(i, i + 1000);
    claimed.push(
      ...(await trx
        .updateTable("people")
        .set({ invitedAt: now, updatedAt: now })
        .where("organizationId", "=", ctx.organizationId)
        .where("id", "in", chunk)
        .where("userId", "is", null)
        .where("email", "is not", null)
        .where("status", "=", "active")
        .where("invitedAt", resend ? "is not" : "is", null)
        .returning(["id", "email", "language"])
        .execute()),
    );
  }
  if (claimed.length === 0) return { invited: 0, overSeats: 0 };
  const { maxUsers } = planLimits(org.plan);
  // A resend replaces open invitations: those seats are the people's own already.
  const replaced = resend ? claimed.length : 0;
  const room =
    maxUsers === null
      ? claimed.length
      : Math.max(0, maxUsers - (await countSeats(trx, ctx.organizationId)) + replaced);
  const invite = claimed.slice(0, room);
  const unclaim = claimed.slice(room).map((p) => p.id);
  if (unclaim.length > 0 && !resend) {
    await trx
      .updateTable("people")
      .set({ invitedAt: null })
      .where("organizationId", "=", ctx.organizationId)
      .where("id", "in", unclaim)
      .execute();
  }
  const emails = invite.map((p) => p.email as string);
  if (emails.length > 0) {
    await trx
      .deleteFrom("invitations")
      .where("organizationId", "=", ctx.organizationId)
      .where("email", "in", emails)
      .where("acceptedAt", "is", null)
      .execute();
  }
  // In batches: a local's first invitations can be thousands at once.
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  for (let i = 0; i < invite.length; i += 500) {
    const batch = invite.slice(i, i + 500).map((person) => ({
      person,
      token: randomBytes(32).toString("base64url"),
    }));
    const rows = await trx
      .insertInto("invitations")
      .values(
        batch.map(({ person, token }) => ({
          organizationId: ctx.organizationId,
          email: person.email as string,
          role: "member" as const,
          tokenHash: hashToken(token),
          invitedBy: ctx.userId,
          expiresAt,
        })),
      )
      .returning(["id", "email"])
      .execute();
    const mailIds = await enqueueMails(
      trx,
      batch.map(({ person, token }) => ({
        to: person.email as string,
        ...invitationMail(
          org.name,
          "member",
          `${ctx.appUrl}/accept-invite?token=${encodeURIComponent(token)}`,
          person.language ?? ctx.language,
        ),
      })),
    );
    const invitationOf = new Map(rows.map((r) => [r.email, r.id]));
    const records = batch.map(({ person }, j) => ({
      id: person.id,
      invitation_id: invitationOf.get(person.email as string),
      mail_id: mailIds[j],
    }));
    await sql`
      UPDATE people p SET invitation_id = r.invitation_id, invitation_mail_id = r.mail_id
      FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        AS r(id uuid, invitation_id uuid, mail_id bigint)
      WHERE p.organization_id = ${ctx.organizationId} AND p.id = r.id`.execute(trx);
  }
  return { invited: invite.length, overSeats: claimed.length - invite.length };
}

/** Withdraws roster people's open invitations: the links stop working, the roster forgets them. */
export async function revokeRosterInvitationsTx(
  trx: TenantTx,
  organizationId: string,
  personIds: readonly string[],
): Promise<number> {
  if (personIds.length === 0) return 0;
  const people = await trx
    .updateTable("people")
    .set({ invitedAt: null, invitationId: null, invitationMailId: null, updatedAt: new Date() })
    .where("organizationId", "=", organizationId)
    .where("id", "in", personIds)
    .where("userId", "is", null)
    .where("invitedAt", "is not", null)
    .returning("email")
    .execute();
  const emails = people.map((p) => p.email).filter((e): e is string => e !== null);
  if (emails.length > 0) {
    await trx
      .deleteFrom("invitations")
      .where("organizationId", "=", organizationId)
      .where("email", "in", emails)
      .where("acceptedAt", "is", null)
      .execute();
  }
  return people.length;
}
