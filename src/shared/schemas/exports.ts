import { z } from "zod";

/** An organization export (issue 32, product-decisions.md 38) as the admin's page sees it. */
export const EXPORT_STATES = ["queued", "running", "ready", "failed", "expired"] as const;

export const ZOrganizationExport = z.object({
  id: z.string(),
  state: z.enum(EXPORT_STATES),
  /** 0 to 100. */
  progress: z.number().int(),
  /** The download, once ready and until it expires. */
  url: z.string().nullable(),
  size: z.number().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type TOrganizationExport = z.infer<typeof ZOrganizationExport>;

export const ZExportId = z.object({ id: z.uuid({ message: "Unknown export" }) });
