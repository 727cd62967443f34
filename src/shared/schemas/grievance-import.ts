import { z } from "zod";
import { IMPORT_MODES, ZImportRowError } from "./roster.ts";

/**
 * The grievance history import (issue 29): an admin's spreadsheet of open and past grievances,
 * previewed row by row and applied whole. The words of a bad row are plain ones; the server
 * translates them for the reader.
 */
export const GrievanceImportMessages = {
  grievantMissing: "Name the grievant by badge number or name.",
  grievantUnknown: "Nobody on the roster has this badge number or name.",
  grievantAmbiguous: "Several people on the roster have this name: use the badge number.",
  type: "The type is individual, group or policy.",
  filedDate: "Write the filed date as a date, such as 2024-03-15.",
  incidentDate: "Write the incident date as a date, such as 2024-03-15.",
  closedDate: "Write the closed date as a date, such as 2024-03-15.",
  inFuture: "This date is in the future.",
  step: "This is not a step of your grievance procedure.",
  status: "The status is new, pending, escalated or resolved.",
  outcome: "The outcome is granted, settled, withdrawn, denied, won or lost at arbitration.",
  outcomeOpen: "Only a resolved grievance has an outcome.",
  steward: "Nobody among your stewards and admins has this name or email.",
  id: "An id has letters, digits and dashes, at most 40.",
  idTwice: "This id is on another row of the file too.",
  met: "Write yes or no.",
  tooLong: "This is too long.",
  mappingFiled: "Choose the column that holds the filed date.",
} as const;

export const GRIEVANCE_IMPORT_FIELDS = [
  "id",
  "grievant",
  "type",
  "subject",
  "articles",
  "incidentDate",
  "filedDate",
  "step",
  "status",
  "outcome",
  "closedDate",
  "remedy",
  "description",
  "steward",
  "deadlineMet",
] as const;
export type TGrievanceImportField = (typeof GRIEVANCE_IMPORT_FIELDS)[number];

export const ZGrievanceImportResult = z.object({
  importId: z.string(),
  mode: z.enum(IMPORT_MODES),
  applied: z.boolean(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  counts: z.object({ new: z.number(), unchanged: z.number(), errors: z.number() }),
  rows: z.array(
    z.object({
      row: z.number(),
      action: z.enum(["new", "unchanged", "error"]),
      /** The grievance's id: its own from the file, the one it will get, or the existing one. */
      id: z.string().nullable(),
      errors: z.array(ZImportRowError),
    }),
  ),
  mappingProblem: z.string().nullable(),
});
export type TGrievanceImportResult = z.infer<typeof ZGrievanceImportResult>;
