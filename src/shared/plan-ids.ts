/**
 * The catalogue's ids, without the catalogue: small enough for the web app's first load (the
 * router needs the set-up routes; the data itself comes from GET /api/pricing-plans).
 */
export const PlanIds = [
  "starter",
  "growth",
  "pro",
  "enterprise",
  "founders",
  "coming-soon",
] as const;

export const PackageIds = [
  "life-moments",
  "barber-pro",
  "daycare-pro",
  "bakers-biz",
  "authors-hub",
  "local-business",
  "nonprofit-church",
  "school-hub",
  "union-labor",
] as const;

/** product-decisions.md 22: every package has its set-up intake page at /{id}/setup. */
export const setupRoute = (packageId: (typeof PackageIds)[number]) => `/${packageId}/setup`;

/** The lifetime plan: its checkout also charges the one-time set-up fee. */
export const FOUNDERS_PLAN_ID = "founders" satisfies (typeof PlanIds)[number];
