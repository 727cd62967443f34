import { z } from "zod";
import { ZEmail } from "./auth.ts";

/** The public site's texts (marketing spec, section 8, and product-decisions.md 23 and 24). */
export const PublicSiteMessages = {
  nameMin: "Please enter your name",
  nameMax: "Please keep your name under 100 characters",
  organizationMin: "Please enter your organization",
  organizationMax: "Please keep the organization under 200 characters",
  messageMin: "Please write at least 10 characters",
  messageMax: "Please keep your message under 5,000 characters",
  roleMax: "Please keep your role under 100 characters",
  memberCount: "Please choose how many members you have",
  accessDenied: "Access Denied",
  accessGateOff: "The site has no access gate.",
  tooManyAttempts: "Too many attempts. Please wait 15 minutes and try again.",
  tooManyRequests: "Too many requests. Please wait a while and try again.",
  pricingFailed: "Failed to fetch pricing plans",
  loginRequired: "Login Required",
  loginRequiredSubscription:
    "Please log in or create an account to continue with your subscription.",
  loginRequiredWebsite: (kind: string) =>
    `Please log in or create an account to continue with your ${kind} website.`,
} as const;

const ZName = z
  .string()
  .trim()
  .min(2, PublicSiteMessages.nameMin)
  .max(100, PublicSiteMessages.nameMax);
const ZOrganization = z
  .string()
  .trim()
  .min(2, PublicSiteMessages.organizationMin)
  .max(200, PublicSiteMessages.organizationMax);
const ZMessage = z
  .string()
  .trim()
  .min(10, PublicSiteMessages.messageMin)
  .max(5000, PublicSiteMessages.messageMax);

export const ContactTopics = ["general", "enterprise", "website-packages"] as const;
export const ContactTopicLabels: Record<(typeof ContactTopics)[number], string> = {
  general: "General question",
  enterprise: "Enterprise plan",
  "website-packages": "Website packages",
};

/** The contact form (/contact). */
export const ZContactRequest = z.object({
  name: ZName,
  email: ZEmail,
  organization: ZOrganization,
  message: ZMessage,
  topic: z.enum(ContactTopics).default("general"),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
export type TContactForm = z.input<typeof ZContactRequest>;

export const MemberCounts = ["1-10", "11-25", "26-50", "51-250", "251+"] as const;

/** The Founders 'Apply Now' form. */
export const ZFoundersApplication = z.object({
  name: ZName,
  email: ZEmail,
  organization: ZOrganization,
  role: z.string().trim().max(100, PublicSiteMessages.roleMax).default(""),
  memberCount: z.enum(MemberCounts, { message: PublicSiteMessages.memberCount }),
  message: ZMessage,
});
export type TFoundersApplication = z.infer<typeof ZFoundersApplication>;
export type TFoundersForm = z.input<typeof ZFoundersApplication>;

export const ZSubmitted = z.object({ id: z.string(), createdAt: z.string() });

export const ZAccessGateRequest = z.object({
  code: z.string().max(64, "An access code has at most 64 characters."),
});
export const ZAccessGateGranted = z.object({ granted: z.literal(true), redirectTo: z.string() });

export const ZSiteInfo = z.object({
  /** product-decisions.md 23: true when SITE_ACCESS_CODE is set; then / shows the gate. */
  accessGate: z.boolean(),
  /** The sales address of the Enterprise 'Contact Sales' mail draft. */
  salesEmail: z.string(),
  /** BILLING_MODE: with "off" there are no plans, prices or checkout to show. */
  billing: z.enum(["stripe", "test", "off"]),
});
export type TSiteInfo = z.infer<typeof ZSiteInfo>;
