import { z } from "zod";
import { PackageIds, PlanIds } from "../plan-ids.ts";

export { PackageIds, PlanIds };

/**
 * The shapes of the plan and package catalogue (marketing spec, section 3) as served by
 * GET /api/pricing-plans. The data itself is in `src/shared/plans.ts`, which imports only the
 * types from here so that the landing page does not ship zod.
 */
export const ZPlanId = z.enum(PlanIds);
export type TPlanId = z.infer<typeof ZPlanId>;

export const ZPackageId = z.enum(PackageIds);
export type TPackageId = z.infer<typeof ZPackageId>;

export const ZBillingCycle = z.enum(["monthly", "yearly"]);
export type TBillingCycle = z.infer<typeof ZBillingCycle>;

export const ZPlanRole = z.enum(["admin", "steward", "member"]);
export type TPlanRole = z.infer<typeof ZPlanRole>;

/** What a plan is for the pages: a subscription tier, the custom Enterprise tier, Founders, or the placeholder. */
export const ZPlanKind = z.enum(["subscription", "enterprise", "founders", "placeholder"]);

export const ZPlan = z.object({
  id: ZPlanId,
  kind: ZPlanKind,
  name: z.string(),
  description: z.string(),
  /** Whole USD; null when the price is custom or not set. */
  monthlyPrice: z.number().int().nullable(),
  yearlyPrice: z.number().int().nullable(),
  popular: z.boolean(),
  /** Seats; null is unlimited. */
  maxUsers: z.number().int().nullable(),
  /** Storage in GB; null is unlimited. */
  storageGb: z.number().int().nullable(),
  hasRoleBasedAccess: z.boolean(),
  /** product-decisions.md 15: the roles an organization on this plan may hand out. */
  allowedRoles: z.array(ZPlanRole),
  /** Payment provider price ids: set by the billing configuration, null until then. */
  monthlyPriceId: z.string().nullable(),
  yearlyPriceId: z.string().nullable(),
  features: z.array(z.string()),
  isHidden: z.boolean(),
  isCustomPricing: z.boolean(),
  /** One-time set-up fee in whole USD, or null. */
  setupFee: z.number().int().nullable(),
  /** The monthly price never rises for this plan (Founders). */
  lockedForLife: z.boolean(),
  comingSoon: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPaymentOption = z.object({
  id: z.enum(["setup-monthly", "pay-over-time"]),
  name: z.string(),
  benefits: z.array(z.string()),
  /** What is due at the start: the set-up fee, or the down payment. */
  price: z.number().int(),
  /** Only for paying the build over time. */
  downPayment: z.number().int().nullable(),
  monthlyFee: z.number().int(),
  /** Number of monthly payments; null while the site is hosted. */
  duration: z.number().int().nullable(),
});
export type TPaymentOption = z.infer<typeof ZPaymentOption>;

export const ZAddOn = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  isMonthly: z.boolean(),
  /** A share of each order on top of the price (online checkout and ordering). */
  perOrderPercent: z.number().nullable(),
});
export type TAddOn = z.infer<typeof ZAddOn>;

export const ZWebsitePackage = z.object({
  id: ZPackageId,
  name: z.string(),
  description: z.string(),
  /** The spec's "kind" used in the 'Login Required' toast: 'continue with your {kind} website'. */
  kind: z.string(),
  setupRoute: z.string(),
  monthlyPrice: z.number().int(),
  yearlyPrice: z.number().int().nullable(),
  setupFee: z.number().int(),
  popular: z.boolean(),
  maxUsers: z.number().int().nullable(),
  hasRoleBasedAccess: z.boolean(),
  monthlyPriceId: z.string().nullable(),
  yearlyPriceId: z.string().nullable(),
  features: z.array(z.string()),
  isHidden: z.boolean(),
  isCustomPricing: z.boolean(),
  comingSoon: z.boolean(),
  modalContent: z.object({
    idealFor: z.array(z.string()),
    detailedFeatures: z.array(z.string()),
    paymentOptions: z.array(ZPaymentOption).min(1, "A package has at least one payment option."),
    addOns: z.array(ZAddOn),
    useCases: z.array(z.string()).optional(),
    pricing: z.object({ setupFee: z.number().int(), monthlyFee: z.number().int() }).optional(),
  }),
});
export type TWebsitePackage = z.infer<typeof ZWebsitePackage>;

export const ZPricingResponse = z.object({
  currency: z.literal("USD"),
  trialDays: z.number().int(),
  /** The annual saving badge, computed from the prices ('Save 17%'). */
  annualSavingPercent: z.number().int(),
  plans: z.array(ZPlan),
  websitePackages: z.array(ZWebsitePackage),
});
export type TPricingResponse = z.infer<typeof ZPricingResponse>;

export const ZPricingQuery = z.object({
  refresh: z.enum(["true", "false"]).optional(),
});
