import { z } from "zod";
import { DEFAULT_LIST_ENTRIES } from "../i18n/default-labels.ts";
import { ROLES } from "../permissions.ts";
import { ZEmail } from "./auth.ts";
import { LimitMessages } from "./limit-messages.ts";
import { ZBillingCycle } from "./pricing.ts";

export const OrgMessages = {
  nameMin: "Organization name must be at least 3 characters",
  nameRequired: "Organization name is required",
  nameMax: "Organization name must be at most 120 characters",
  plan: "Choose a plan.",
  inviteCodeMax: "An invitation code has at most 64 characters.",
  entryMax: "Entries must be at most 100 characters",
  entriesMax: "A list can hold at most 200 entries",
  inviteCodeMin: "Please enter a valid invitation code.",
  invalidInvite: "The invitation code you entered is not valid. Please check and try again.",
  alreadyMember: "You already belong to an organization.",
  closedToNewMembers:
    "This organization is read-only and is not taking new members. Ask its admin to choose a plan under Settings > Billing.",
  duplicate: {
    jobTitles: "This job title already exists.",
    departments: "This department already exists.",
    locations: "This location already exists.",
  },
} as const;

/**
 * The spec's defaults, used while an organization's own list is empty (portal spec 9): stored
 * as their English words, read in each reader's language (`listEntryLabel`, decision 039).
 */
export const DEFAULT_LISTS = {
  jobTitles: Object.values(DEFAULT_LIST_ENTRIES.jobTitles),
  departments: Object.values(DEFAULT_LIST_ENTRIES.departments),
  locations: Object.values(DEFAULT_LIST_ENTRIES.locations),
} as const;

export type ListName = keyof typeof DEFAULT_LISTS;
export const LIST_NAMES: ListName[] = ["jobTitles", "departments", "locations"];

/** The longest organization name and list entry (the setup page shows both limits). */
export const ORGANIZATION_NAME_MAX = 120;
export const LIST_ENTRY_MAX = 100;

export const ZOrganizationName = z
  .string()
  .trim()
  .min(3, OrgMessages.nameMin)
  .max(ORGANIZATION_NAME_MAX, OrgMessages.nameMax);

export const ZCreateOrganization = z.object({
  name: ZOrganizationName,
  plan: z.string().min(1, OrgMessages.plan),
  billingCycle: ZBillingCycle,
});
export type TCreateOrganization = z.infer<typeof ZCreateOrganization>;

export const ZOrganizationCreated = z.object({
  id: z.string(),
  name: z.string(),
  inviteCode: z.string(),
  plan: z.string(),
  status: z.enum(["trialing", "active", "past_due", "canceled"]),
  trialEndsAt: z.string().nullable(),
});

export const ZInviteCode = z
  .string()
  .trim()
  .min(5, OrgMessages.inviteCodeMin)
  .max(64, OrgMessages.inviteCodeMax);
export const ZJoinOrganization = z.object({ inviteCode: ZInviteCode });

/** product-decisions.md 14: trim, drop blanks, reject duplicates after trimming, ignoring case. */
export function duplicateIn(list: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const raw of list) {
    const key = raw.trim().toLocaleLowerCase("en-US");
    if (!key) continue;
    if (seen.has(key)) return raw.trim();
    seen.add(key);
  }
  return null;
}

const ZEntryList = (name: ListName) =>
  z
    .array(z.string().max(LIST_ENTRY_MAX, OrgMessages.entryMax))
    .max(200, OrgMessages.entriesMax)
    .transform((list) => list.map((s) => s.trim()).filter(Boolean))
    .refine((list) => duplicateIn(list) === null, { message: OrgMessages.duplicate[name] });

export const ZOrganizationConfigInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, OrgMessages.nameRequired)
    .max(ORGANIZATION_NAME_MAX, OrgMessages.nameMax),
  jobTitles: ZEntryList("jobTitles"),
  departments: ZEntryList("departments"),
  locations: ZEntryList("locations"),
});
export type TOrganizationConfigInput = z.input<typeof ZOrganizationConfigInput>;

export const ZOrganizationConfig = z.object({
  name: z.string(),
  jobTitles: z.array(z.string()),
  departments: z.array(z.string()),
  locations: z.array(z.string()),
  setupCompleted: z.boolean(),
});
export type TOrganizationConfig = z.infer<typeof ZOrganizationConfig>;

export const ZRole = z.enum(ROLES);

const optionalText = z
  .string()
  .trim()
  .max(100, LimitMessages.shortText)
  .nullish()
  .transform((v) => (v ? v : null));

export const ZInvitationInput = z.object({
  email: ZEmail,
  role: ZRole,
  badgeNumber: optionalText,
  department: optionalText,
  facility: optionalText,
});
export type TInvitationInput = z.input<typeof ZInvitationInput>;

export const ZMemberUpdate = z
  .object({
    role: ZRole,
    badgeNumber: optionalText,
    department: optionalText,
    facility: optionalText,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change" });
export type TMemberUpdate = z.input<typeof ZMemberUpdate>;

export const ZMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  badgeNumber: z.string().nullable(),
  department: z.string().nullable(),
  facility: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type TMember = z.infer<typeof ZMember>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
