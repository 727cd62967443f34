import type { Transaction } from "kysely";
import { line } from "../../../shared/i18n/text-lines.ts";
import type { Database } from "../../db/schema.ts";
import { withTenant } from "../../db/tenant.ts";
import { loadProcedure, workCalendar } from "../../lib/procedure/index.ts";
import { closeDeadline, openDeadline, setNextDeadline } from "./deadlines.ts";
import { log } from "./event-log.ts";
import { runningDeadline } from "./lock.ts";
import { notify } from "./notify.ts";

/**
 * The contract's consequence of the employer's silence (issue 20): when the employer's answer
 * deadline at a step has just been marked missed and the step says `deemed_denied`, the answer
 * is recorded as a denial on the missed date, the response deadline is settled (missed), and
 * the union's appeal deadline runs from that date, saying so in its explanation. The rule is
 * the procedure's as it stands when the date passes. Runs in the missed-deadline job's
 * transaction, bound to the deadline's organization; answers whether it applied.
 */
export async function applyDeemedDenial(
  trx: Transaction<Database>,
  d: { organizationId: string; grievanceId: string; dueDate: string },
): Promise<boolean> {
  const org = d.organizationId;
  return withTenant(trx, org, async (tx) => {
    const g = await tx
      .selectFrom("grievances")
      .select(["id", "status", "stepIndex", "stepName", "heldOn", "nextDeadlineId", "submittedBy"])
      .where("organizationId", "=", org)
      .where("id", "=", d.grievanceId)
      .forUpdate()
      .executeTakeFirst();
    if (!g || g.status === "resolved" || g.heldOn) return false;
    const running = await runningDeadline(tx, org, g);
    if (
      running?.kind !== "response" ||
      running.state !== "missed" ||
      running.stepIndex !== g.stepIndex ||
      running.dueDate !== d.dueDate
    )
      return false;
    const procedure = await loadProcedure(tx, org);
    const step = procedure.steps[g.stepIndex];
    if (step?.onNoAnswer !== "deemed_denied") return false;
    const answered = await tx
      .selectFrom("grievanceAnswers")
      .select("id")
      .where("organizationId", "=", org)
      .where("grievanceId", "=", g.id)
      .where("stepIndex", "=", g.stepIndex)
      .executeTakeFirst();
    if (answered) return false;
    const answer = line("deemedDenied", { day: running.dueDate });
    await tx
      .insertInto("grievanceAnswers")
      .values({
        organizationId: org,
        grievanceId: g.id,
        stepIndex: g.stepIndex,
        stepName: g.stepName,
        receivedOn: running.dueDate,
        decision: "denied",
        // No one wrote this answer: its words are the line's, in each reader's language.
        text: "",
        line: JSON.stringify(answer),
        recordedBy: null,
      })
      .execute();
    await closeDeadline(
      tx,
      org,
      running,
      running.dueDate,
      line("line.deemedDenied", { day: running.dueDate }),
      "missed",
    );
    const next = procedure.steps[g.stepIndex + 1];
    const appeal =
      step.appealLimit && next
        ? await openDeadline(tx, {
            organizationId: org,
            grievanceId: g.id,
            stepIndex: g.stepIndex,
            stepName: g.stepName,
            kind: "appeal",
            from: running.dueDate,
            fromLabel: "deemedDenied",
            heading: { kind: "appeal", step: { index: g.stepIndex + 1, name: next.name } },
            limit: step.appealLimit,
            calendar: workCalendar(procedure),
            timeZone: procedure.timeZone,
          })
        : null;
    await setNextDeadline(tx, org, g.id, appeal, {
      status: g.status === "new" ? "pending" : g.status,
    });
    await log(tx, org, g.id, null, { kind: "response", line: answer });
    await notify(tx, {
      organizationId: org,
      grievanceId: g.id,
      submittedBy: g.submittedBy,
      kind: "response",
    });
    return true;
  });
}
