import { daysBetween } from "../../../shared/deadline-engine/index.ts";
import { line, lineDescription } from "../../../shared/i18n/text-lines.ts";
import type { TCloseInput, TReopenInput } from "../../../shared/schemas/grievances.ts";
import {
  RepresentationMessages,
  type TNoticeKind,
} from "../../../shared/schemas/representation.ts";
import type { GrievanceStatus } from "../../db/schema.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { AppError } from "../../lib/errors.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";
import { act, type Locked } from "./act.ts";
import { closeDeadline, setNextDeadline } from "./deadlines.ts";
import { type ActionContext, conflict, runningDeadline } from "./lock.ts";
import { sendDecisionNotice } from "./notices.ts";
import { dateConflict } from "./step-actions.ts";

const REMEDY_BEFORE_CLOSING =
  "The remedy cannot be due before {{date}}, the day the grievance is closed.";

function remedyColumns(trx: TenantTx, organizationId: string, id: string) {
  return trx
    .selectFrom("grievances")
    .select([
      "remedyAmountCents",
      "remedyDueDate",
      "remedyDescription",
      "remedyReceivedAt",
      "outcome",
    ])
    .where("organizationId", "=", organizationId)
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

/**
 * Closes a grievance with its outcome (product-decisions.md 30): the running deadline is
 * settled, and a money remedy opens a `remedy` deadline on its due date, which the
 * missed-deadline job marks missed ('Remedy overdue') when it passes unpaid.
 */
export function closeGrievance(ctx: ActionContext, id: string, input: TCloseInput) {
  return act(
    ctx,
    id,
    async (trx, g, { today, timeZone }) => {
      const currency = await organizationCurrency(trx, ctx.tenant.organizationId);
      if (g.status === "resolved") throw conflict("The grievance is already resolved.");
      const org = ctx.tenant.organizationId;
      const notice = await noticeKind(trx, org, g, input);
      const running = await runningDeadline(trx, org, g);
      if (running) {
        await closeDeadline(
          trx,
          org,
          running,
          today,
          line("line.closedClosed", { day: today, outcome: input.outcome }),
          running.state === "missed" ? "missed" : "closed",
        );
      }
      const remedy = input.remedy;
      // A remedy agreed on closing is not due before the day the grievance is closed (issue 30).
      if (remedy && remedy.dueDate < today)
        throw dateConflict("remedy.dueDate", REMEDY_BEFORE_CLOSING, today);
      const owed = remedy
        ? {
            money: { cents: remedy.amountCents, currency },
            description: lineDescription(remedy.description),
          }
        : null;
      const deadline =
        remedy && owed
          ? await trx
              .insertInto("grievanceDeadlines")
              .values({
                organizationId: org,
                grievanceId: id,
                stepIndex: g.stepIndex,
                stepName: g.stepName,
                kind: "remedy",
                dueDate: remedy.dueDate,
                explanation: JSON.stringify([
                  line("line.remedy", { ...owed, day: today, outcome: input.outcome }),
                  line("line.due", { day: remedy.dueDate }),
                ]),
                limitDays: Math.max(0, daysBetween(today, remedy.dueDate)),
                dayType: "calendar",
                timeZone,
              })
              .returning(["id", "dueDate"])
              .executeTakeFirstOrThrow()
          : null;
      await setNextDeadline(trx, org, id, deadline, {
        status: "resolved",
        heldOn: null,
        holdReason: null,
        outcome: input.outcome,
        outcomeSummary: input.summary,
        closedOn: today,
        remedyAmountCents: remedy?.amountCents ?? null,
        remedyDueDate: remedy?.dueDate ?? null,
        remedyDescription: remedy?.description ?? null,
        remedyReceivedAt: null,
        remedyConfirmedBy: null,
        remedyConfirmedByName: null,
      });
      if (notice && input.reason) {
        const { type } = await trx
          .selectFrom("grievances")
          .select("type")
          .where("organizationId", "=", org)
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        await sendDecisionNotice(trx, {
          organizationId: org,
          grievance: { id, type, submittedBy: g.submittedBy, stepName: g.stepName },
          kind: notice,
          reason: input.reason,
          actor: ctx.actor,
          today,
          now: ctx.now,
          appUrl: ctx.appUrl,
        });
      }
      return {
        kind: "outcome",
        status: "resolved",
        line: (() => {
          const closed = {
            step: { index: g.stepIndex, name: g.stepName },
            outcome: input.outcome,
            summary: input.summary,
          };
          return remedy && owed
            ? line("closedRemedy", { ...closed, ...owed, day: remedy.dueDate })
            : line("closed", closed);
        })(),
      };
    },
    "resolve:grievance",
  );
}

/**
 * Which decision needs a written reason and a notice (product-decisions.md 36): withdrawing,
 * settling, and closing a denial before the procedure's last step (not going on to the next
 * step or to arbitration). The schema asks the reason for the first two; the step is known here.
 */
async function noticeKind(
  trx: TenantTx,
  organizationId: string,
  g: Locked,
  input: TCloseInput,
): Promise<TNoticeKind | null> {
  if (input.outcome === "withdrawn" || input.outcome === "settled") return input.outcome;
  if (input.outcome !== "denied") return null;
  const procedure = await loadProcedure(trx, organizationId);
  if (g.stepIndex >= procedure.steps.length - 1) return null;
  if (!input.reason)
    throw new AppError(400, "VALIDATION_FAILED", RepresentationMessages.reason, {
      reason: RepresentationMessages.reason,
    });
  return "not_appealed";
}

/**
 * The remedy paid: confirmed by one of the grievants ('I received it') or recorded by a
 * steward or admin. Anyone who sees the grievance is one of these (a member sees only their own).
 */
export function recordRemedyReceived(ctx: ActionContext, id: string) {
  return act(ctx, id, async (trx, g, { today }) => {
    const currency = await organizationCurrency(trx, ctx.tenant.organizationId);
    const org = ctx.tenant.organizationId;
    const r = await remedyColumns(trx, org, id);
    if (g.status !== "resolved" || r.remedyAmountCents === null || !r.remedyDueDate)
      throw conflict("This grievance has no money remedy to confirm.");
    if (r.remedyReceivedAt) throw conflict("The remedy is already confirmed as received.");
    const running = await runningDeadline(trx, org, g);
    if (running?.kind === "remedy") {
      await closeDeadline(
        trx,
        org,
        running,
        today,
        line("line.received", { day: today, by: { id: ctx.actor.id, name: ctx.actor.name } }),
      );
    }
    await setNextDeadline(trx, org, id, null, {
      remedyReceivedAt: ctx.now,
      remedyConfirmedBy: ctx.actor.id,
      remedyConfirmedByName: ctx.actor.name,
    });
    return {
      kind: "remedy",
      line: line("remedyReceived", {
        money: { cents: Number(r.remedyAmountCents), currency },
        description: lineDescription(r.remedyDescription),
        by: { id: ctx.actor.id, name: ctx.actor.name },
      }),
    };
  });
}

/**
 * Reopens a resolved grievance at the step where it closed: an unpaid remedy's deadline is
 * closed (its history stays), and the outcome is cleared (the log keeps it).
 */
export function reopenGrievance(ctx: ActionContext, id: string, input: TReopenInput) {
  return act(
    ctx,
    id,
    async (trx, g, { today }) => {
      if (g.status !== "resolved") throw conflict("Only a resolved grievance can be reopened.");
      const org = ctx.tenant.organizationId;
      // Its grievant is a grievant of the group grievance now: that one carries the case.
      if ((await remedyColumns(trx, org, id)).outcome === "merged")
        throw conflict("A grievance merged into a group grievance cannot be reopened.");
      const running = await runningDeadline(trx, org, g);
      if (running) {
        await closeDeadline(
          trx,
          org,
          running,
          today,
          line("line.closedReopened", { day: today }),
          // Replaced by the outcome the case closes with next: neither met nor missed (issue 30).
          running.kind === "remedy" ? "closed" : undefined,
        );
      }
      const status: GrievanceStatus = g.stepIndex === 0 ? "pending" : "escalated";
      await setNextDeadline(trx, org, id, null, {
        status,
        outcome: null,
        outcomeSummary: null,
        closedOn: null,
        remedyAmountCents: null,
        remedyDueDate: null,
        remedyDescription: null,
        remedyReceivedAt: null,
        remedyConfirmedBy: null,
        remedyConfirmedByName: null,
      });
      return {
        kind: "reopen",
        status,
        line: line("reopened", {
          step: { index: g.stepIndex, name: g.stepName },
          reason: input.reason,
        }),
      };
    },
    "resolve:grievance",
  );
}
