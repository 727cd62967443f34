import { todayIn } from "../../../shared/deadline-engine/index.ts";
import type { DB } from "../../db/connection.ts";
import type { DemoPeople } from "../../db/seed/demo.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { addComment } from "./comments.ts";
import { fileGrievance } from "./filing.ts";
import { closeGrievance } from "./outcome-actions.ts";
import { assignGrievance, changeStatus, recordResponse } from "./step-actions.ts";

/**
 * Four grievances filed by the demo member and worked by the steward, through the same
 * service calls as the screens: one in each status, with their activity logs. The member's
 * update mails go to the outbox like any other (the dev mailbox shows them).
 */
export async function seedDemoGrievances(
  db: DB,
  organizationId: string,
  people: DemoPeople,
  appUrl: string,
) {
  const tenant = (role: "member" | "steward") => ({
    organizationId,
    userId: people[role].id,
    role,
    requireTwoFactor: false,
  });
  const steward = { ...people.steward, role: "steward" };
  const member = {
    name: people.member.name,
    badgeNumber: "M-3003",
    jobTitle: "Machine Operator",
    department: "Manufacturing",
  };
  const ctx = {
    db,
    tenant: tenant("steward"),
    actor: steward,
    now: new Date(),
    appUrl,
  };
  const file = async (
    location: string,
    description: string,
    remedy: string,
    extra: { subject: string; articles: string[] },
  ) => {
    const { id } = await fileGrievance(db, tenant("member"), {
      ...member,
      location,
      description,
      remedy,
      ...extra,
    });
    await assignGrievance(ctx, id, { userId: people.steward.id });
    return id;
  };
  const move = (id: string, status: "pending" | "escalated", note: string) =>
    changeStatus(ctx, id, { status, note });

  const overtime = await file(
    "Main Office",
    "On three Fridays this month I was ordered to stay for mandatory overtime with less than an hour's notice. Article 12 of our contract requires 24 hours' notice except in emergencies, and none was declared.",
    "Pay the three overtime shifts at double time and post overtime schedules 24 hours ahead as the contract requires.",
    { subject: "Mandatory overtime without 24 hours' notice", articles: ["Art. 12.3 Overtime"] },
  );
  await move(
    overtime,
    "pending",
    "Requested the overtime logs from HR; meeting set for next week.",
  );
  await addComment(
    db,
    tenant("steward"),
    steward,
    overtime,
    {
      text: "Please write down the dates and who gave the order, and keep your pay stubs.",
      internal: false,
    },
    appUrl,
  );
  await recordResponse(ctx, overtime, {
    receivedOn: todayIn((await loadProcedure(db, organizationId)).timeZone, ctx.now),
    decision: "denied",
    text: "Management says the overtime was an operational emergency.",
  });

  const breaks = await file(
    "North Plant",
    "Second-shift operators on line 4 have been denied their second paid break for six weeks because the line is short-staffed. Supervisors say breaks will resume when hiring is done.",
    "Restore both paid breaks on every shift immediately and pay 15 minutes for each missed break.",
    { subject: "Second paid break denied on line 4", articles: ["Art. 9.1 Rest periods"] },
  );
  await move(breaks, "escalated", "No answer at step 1 within 10 days: moved to step 2.");

  const forklift = await file(
    "Distribution Center",
    "Forklift 7 has had a failing brake for two weeks. It was reported twice on the inspection sheet and is still in service.",
    "Take forklift 7 out of service until it is repaired and inspected, and confirm it in writing.",
    {
      subject: "Forklift 7 in service with a failing brake",
      articles: ["Art. 21 Health and safety"],
    },
  );
  // Closed with its outcome, the one way to close (issue 30).
  await closeGrievance(ctx, forklift, {
    outcome: "granted",
    summary: "Forklift 7 was tagged out and repaired; inspection report filed.",
  });

  await file(
    "Main Office",
    "My last two paychecks did not include the night-shift differential for the hours I worked after 10 PM.",
    "Pay the missing shift differential for both pay periods and correct the payroll setting.",
    { subject: "Night-shift differential missing", articles: ["Art. 14.2 Shift premiums"] },
  );
}
