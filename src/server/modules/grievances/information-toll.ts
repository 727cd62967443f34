import {
  type IsoDate,
  shiftForInformation,
  type WorkCalendar,
} from "../../../shared/deadline-engine/index.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { setNextDeadline } from "./deadlines.ts";
import { runningDeadline } from "./lock.ts";

/**
 * Tolling while the employer withholds information (issue 33, product-decisions.md 35), with
 * the procedure's `tollWhileInformationPending` on. Like a hold, but started and ended by the
 * requests' own dates: the running deadline pauses from the day a request is served, and when
 * the last pending request that paused it is answered, it moves by the days from the first
 * service to the last answer, in its own day type. Every request tolling one deadline names
 * it (`toll_deadline_id`), so requests that overlap make one pause, never two.
 */

interface Grievance {
  id: string;
  heldOn: string | null;
  nextDeadlineId: string | null;
}

/**
 * A request served on `servedOn`: pauses the grievance's running deadline (or joins the
 * pause already running). A deadline already missed by then, a grievance on hold (its clock
 * already stopped) or one with no running deadline is left alone. Returns the deadline paused.
 */
export async function pauseForInformation(
  trx: TenantTx,
  organizationId: string,
  g: Grievance,
  requestId: string,
  servedOn: IsoDate,
): Promise<string | null> {
  if (g.heldOn) return null;
  const running = await runningDeadline(trx, organizationId, g);
  if (!running) return null;
  let tolls = false;
  if (running.state === "open" && running.dueDate >= servedOn) {
    await trx
      .updateTable("grievanceDeadlines")
      .set({ state: "paused" })
      .where("organizationId", "=", organizationId)
      .where("id", "=", running.id)
      .execute();
    await trx
      .updateTable("grievances")
      .set({ nextDueDate: null, updatedAt: new Date() })
      .where("organizationId", "=", organizationId)
      .where("id", "=", g.id)
      .execute();
    tolls = true;
  } else if (running.state === "paused") {
    // Paused by another request still pending: this one joins that pause.
    const pending = await trx
      .selectFrom("informationRequests")
      .select("id")
      .where("organizationId", "=", organizationId)
      .where("tollDeadlineId", "=", running.id)
      .where("tollApplied", "=", false)
      .executeTakeFirst();
    tolls = pending !== undefined;
  }
  if (!tolls) return null;
  await trx
    .updateTable("informationRequests")
    .set({ tollDeadlineId: running.id })
    .where("organizationId", "=", organizationId)
    .where("id", "=", requestId)
    .execute();
  return running.id;
}

/**
 * A request fully answered: when no other request pausing the same deadline is pending, the
 * deadline moves by the days from the first service to the last answer and runs again; its
 * explanation gains the tolling lines. Returns the new due date, or null when nothing moved.
 */
export async function resumeAfterInformation(
  trx: TenantTx,
  organizationId: string,
  g: Grievance,
  requestId: string,
  calendar: WorkCalendar,
  by: string,
  today: IsoDate,
): Promise<{ from: IsoDate; to: IsoDate; dueDate: IsoDate } | null> {
  const request = await trx
    .selectFrom("informationRequests")
    .select(["tollDeadlineId", "tollApplied"])
    .where("organizationId", "=", organizationId)
    .where("id", "=", requestId)
    .executeTakeFirst();
  const deadlineId = request?.tollDeadlineId;
  if (!deadlineId || request.tollApplied) return null;
  const group = await trx
    .selectFrom("informationRequests")
    .select(["id", "servedOn", "answeredOn"])
    .where("organizationId", "=", organizationId)
    .where("tollDeadlineId", "=", deadlineId)
    .where("tollApplied", "=", false)
    .execute();
  if (group.some((r) => r.answeredOn === null || r.servedOn === null)) return null;
  await trx
    .updateTable("informationRequests")
    .set({ tollApplied: true })
    .where("organizationId", "=", organizationId)
    .where(
      "id",
      "in",
      group.map((r) => r.id),
    )
    .execute();
  const running = await runningDeadline(trx, organizationId, g);
  // Closed (answered, appealed, resolved) or taken over by a hold since: nothing to move.
  if (!running || running.id !== deadlineId || running.state !== "paused" || g.heldOn) return null;
  const from = group.map((r) => r.servedOn as string).sort()[0] as string;
  const to = group
    .map((r) => r.answeredOn as string)
    .sort()
    .at(-1) as string;
  const shifted = shiftForInformation({
    dueDate: running.dueDate,
    explanation: running.explanation,
    servedOn: from,
    answeredOn: to,
    dayType: running.dayType,
    calendar,
  });
  await trx
    .updateTable("grievanceDeadlines")
    .set({
      state: "open",
      dueDate: shifted.dueDate,
      explanation: JSON.stringify(shifted.explanation),
      history: JSON.stringify([
        ...running.history,
        { kind: "toll", from: running.dueDate, to: shifted.dueDate, on: today, by, heldOn: from },
      ]),
    })
    .where("organizationId", "=", organizationId)
    .where("id", "=", running.id)
    .execute();
  await setNextDeadline(trx, organizationId, g.id, { id: running.id, dueDate: shifted.dueDate });
  return { from, to, dueDate: shifted.dueDate };
}
