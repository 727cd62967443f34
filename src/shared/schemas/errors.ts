import { z } from "zod";

/** The one error shape of every /api answer that is not 2xx (DESIGN.md, API conventions). */
export const ErrorCodes = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "GONE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "TIMEOUT",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type TErrorCode = (typeof ErrorCodes)[number];

export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
