/**
 * How a grievance closes (issue 19), without zod: the lines' schemas (i18n/text-lines.ts) and
 * migration 0220's reader of the old English sentences use them apart from the grievance
 * schemas. schemas/grievances.ts re-exports them beside the schemas that use them.
 */
export const OUTCOMES = [
  "granted",
  "settled",
  "withdrawn",
  "denied",
  "arbitration_won",
  "arbitration_lost",
] as const;
export type TOutcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<TOutcome, string> = {
  granted: "Granted",
  settled: "Settled",
  withdrawn: "Withdrawn",
  denied: "Denied",
  arbitration_won: "Won at arbitration",
  arbitration_lost: "Lost at arbitration",
};
