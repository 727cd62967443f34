import { z } from "zod";
import { LimitMessages } from "./limit-messages.ts";

export const ProfileMessages = {
  nameMin: "Full name must be at least 2 characters",
  nameMax: "Full name must be at most 100 characters",
  avatarType: "Please upload an image (PNG, JPEG, GIF or WebP).",
  avatarSize: "The image must be 2 MB or smaller.",
} as const;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Optional text: trimmed, and empty saved as null (portal spec 5). */
const optionalText = z
  .string()
  .trim()
  .max(100, LimitMessages.shortText)
  .nullish()
  .transform((v) => (v ? v : null));

export const ZProfileUpdate = z.object({
  name: z.string().trim().min(2, ProfileMessages.nameMin).max(100, ProfileMessages.nameMax),
  badgeNumber: optionalText,
  department: optionalText,
  facility: optionalText,
});
export type TProfileUpdate = z.input<typeof ZProfileUpdate>;

export const ZOrganizationSecurity = z.object({ requireTwoFactor: z.boolean() });
