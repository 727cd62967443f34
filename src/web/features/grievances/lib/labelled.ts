import type { TGrievance, TStepRef } from "../../../../shared/schemas/grievances.ts";
import type { useDefaults } from "../../../lib/default-labels.ts";

type Defaults = ReturnType<typeof useDefaults>;

/**
 * A grievance as its reader reads it (decision 039): the product's default step names and list
 * entries in the reader's words, everything the local typed as typed. Applied once where the
 * case page gets the grievance, so every panel under it shows the same names; nothing read
 * from it is sent back (actions send ids and indexes).
 */
export function labelledGrievance(g: TGrievance, d: Defaults): TGrievance {
  const step = (s: TStepRef): TStepRef => ({ ...s, name: d.step(s.name) });
  return {
    ...g,
    step: step(g.step),
    jobTitle: d.entry("jobTitles", g.jobTitle),
    department: d.entry("departments", g.department),
    location: d.entry("locations", g.location),
    deadlines: g.deadlines.map((x) => ({ ...x, step: step(x.step) })),
    answers: g.answers.map((x) => ({ ...x, step: step(x.step) })),
    nextDeadline: g.nextDeadline ? { ...g.nextDeadline, step: step(g.nextDeadline.step) } : null,
    notices: g.notices.map((n) => ({ ...n, step: d.step(n.step) })),
  };
}
