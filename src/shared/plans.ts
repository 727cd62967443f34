/**
 * The one plan and package catalogue (product-decisions.md 20): platform plans, the nine website
 * packages, and the price maths. The marketing pages, the pricing API and plan gating all read
 * it. Prices are whole USD (marketing spec, section 9).
 *
 * Only types come from ./schemas/pricing.ts: this file stays free of runtime imports so that the
 * landing page does not ship zod.
 */
import { setupRoute } from "./plan-ids.ts";
import { annualSavingPercent, formatUsd, monthlyLabel, TRIAL_DAYS } from "./price-math.ts";
import type {
  TAddOn,
  TBillingCycle,
  TPackageId,
  TPaymentOption,
  TPlan,
  TPlanId,
  TPlanRole,
  TPricingResponse,
  TWebsitePackage,
} from "./schemas/pricing.ts";

export {
  addOnPriceLabel,
  annualSavingPercent,
  DEFAULT_BILLING_CYCLE,
  featuresBesidesUserLimit,
  formatUsd,
  monthlyLabel,
  type PackageTotal,
  PRICING_CACHE_MS,
  packagePaymentLabel,
  packageTotal,
  paymentOptionLabel,
  perMonthLabel,
  planFeatureLines,
  TRIAL_DAYS,
  userLimitLabel,
} from "./price-math.ts";

export type {
  TAddOn,
  TBillingCycle,
  TPackageId,
  TPaymentOption,
  TPlan,
  TPlanId,
  TPlanRole,
  TWebsitePackage,
};

const ALL_ROLES: TPlanRole[] = ["admin", "steward", "member"];
const BASIC_ROLES: TPlanRole[] = ["admin", "member"];

const planDefaults = {
  popular: false,
  monthlyPriceId: null,
  yearlyPriceId: null,
  isHidden: false,
  isCustomPricing: false,
  setupFee: null,
  lockedForLife: false,
  comingSoon: false,
} as const;

export const PLANS: readonly TPlan[] = [
  {
    ...planDefaults,
    id: "starter",
    kind: "subscription",
    name: "Starter",
    description: "For a small local getting its grievances and members in order.",
    monthlyPrice: 15,
    yearlyPrice: 150,
    maxUsers: 10,
    storageGb: 1,
    hasRoleBasedAccess: false,
    allowedRoles: BASIC_ROLES,
    features: [
      "Up to 10 users",
      "1GB storage",
      "Grievance tracking",
      "Member directory",
      "Documents and announcements",
    ],
  },
  {
    ...planDefaults,
    id: "growth",
    kind: "subscription",
    name: "Growth",
    description: "For active locals that need stewards, workflows and reporting.",
    monthlyPrice: 29,
    yearlyPrice: 290,
    popular: true,
    maxUsers: 25,
    storageGb: 5,
    hasRoleBasedAccess: false,
    allowedRoles: ALL_ROLES,
    features: [
      "Up to 25 users",
      "5GB storage",
      "Everything in Starter",
      "Advanced workflows",
      "Communication tools",
      "Custom forms",
      "Analytics",
    ],
  },
  {
    ...planDefaults,
    id: "pro",
    kind: "subscription",
    name: "Pro",
    description: "For larger locals running outreach, finances and a full team.",
    monthlyPrice: 49,
    yearlyPrice: 490,
    maxUsers: 50,
    storageGb: 5,
    hasRoleBasedAccess: true,
    allowedRoles: ALL_ROLES,
    features: [
      "Up to 50 users",
      "5GB storage",
      "Everything in Growth",
      "CRM tools",
      "Role-based permissions",
      "Team messaging",
      "Tax/export dashboard",
    ],
  },
  {
    ...planDefaults,
    id: "enterprise",
    kind: "enterprise",
    name: "Enterprise",
    description: "For councils, districts and internationals with many locals.",
    monthlyPrice: null,
    yearlyPrice: null,
    maxUsers: null,
    storageGb: null,
    hasRoleBasedAccess: true,
    allowedRoles: ALL_ROLES,
    isHidden: true,
    isCustomPricing: true,
    features: [
      "Unlimited users",
      "Unlimited storage",
      "Everything in Pro",
      "White-label branding",
      "Priority support",
    ],
  },
  {
    ...planDefaults,
    id: "founders",
    kind: "founders",
    name: "Founders",
    description: "A limited lifetime plan for the locals that build UnionHall with us.",
    monthlyPrice: 125,
    yearlyPrice: 1250,
    maxUsers: null,
    storageGb: null,
    hasRoleBasedAccess: true,
    allowedRoles: ALL_ROLES,
    setupFee: 3500,
    lockedForLife: true,
    features: [
      "$125/month locked for life",
      "$3,500 one-time setup",
      "Everything in Pro",
      "Unlimited users and storage",
      "A limited number of places",
    ],
  },
  {
    ...planDefaults,
    id: "coming-soon",
    kind: "placeholder",
    name: "Coming Soon",
    description: "A new plan is on its way.",
    monthlyPrice: null,
    yearlyPrice: null,
    maxUsers: 10,
    storageGb: 1,
    hasRoleBasedAccess: false,
    allowedRoles: BASIC_ROLES,
    isHidden: true,
    comingSoon: true,
    features: [],
  },
];

/** The plan with this id; throws on an unknown id (a programming error). */
export function getPlan(id: TPlanId): TPlan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

export const isPlanId = (id: string): id is TPlanId => PLANS.some((p) => p.id === id);

/** The three tiers shown as cards and in the comparison table (not hidden, not Founders). */
export function subscriptionPlans(plans: readonly TPlan[] = PLANS): TPlan[] {
  return plans.filter((p) => p.kind === "subscription" && !p.isHidden);
}

/**
 * Plan gating (product-decisions.md 15): seats and the roles an organization may hand out. An unknown
 * plan id gets the smallest plan's limits.
 */
export function planLimits(planId: string): {
  maxUsers: number | null;
  allowedRoles: readonly TPlanRole[];
  hasRoleBasedAccess: boolean;
} {
  const plan = isPlanId(planId) ? getPlan(planId) : getPlan("starter");
  return {
    maxUsers: plan.maxUsers,
    allowedRoles: plan.allowedRoles,
    hasRoleBasedAccess: plan.hasRoleBasedAccess,
  };
}

/** Who an organization has now, as far as a plan's limits go (open invitations included). */
export interface PlanUsage {
  users: number;
  stewards: number;
}

/**
 * Why the organization cannot move to `planId` yet, naming what to change first (issue 14), or
 * null when it fits. The server refuses such a checkout with this message; the billing page
 * shows it on the plan before anyone clicks.
 */
export function planChangeBlocker(planId: string, usage: PlanUsage): string | null {
  const plan = isPlanId(planId) ? getPlan(planId) : getPlan("starter");
  const { maxUsers, allowedRoles } = planLimits(planId);
  if (!allowedRoles.includes("steward") && usage.stewards > 0) {
    const n = usage.stewards === 1 ? "your steward" : `your ${usage.stewards} stewards`;
    return `The ${plan.name} plan has no steward role. Make ${n} members first (Directory), then choose ${plan.name}.`;
  }
  if (maxUsers !== null && usage.users > maxUsers) {
    const over = usage.users - maxUsers;
    return `The ${plan.name} plan allows up to ${maxUsers} users and your organization has ${usage.users} (members and open invitations). Remove ${over} first (Directory), then choose ${plan.name}.`;
  }
  return null;
}

/** The badge on the billing toggle: the best saving among the plans shown. */
export function catalogueAnnualSaving(plans: readonly TPlan[] = PLANS): number {
  const savings = subscriptionPlans(plans).flatMap((p) =>
    p.monthlyPrice !== null && p.yearlyPrice !== null
      ? [annualSavingPercent(p.monthlyPrice, p.yearlyPrice)]
      : [],
  );
  return savings.length ? Math.max(...savings) : 0;
}

/** The comparison table of /platform-plans: true/false for a tick, or a text. */
export const PLAN_COMPARISON: readonly {
  feature: string;
  values: Record<"starter" | "growth" | "pro", boolean | string>;
}[] = [
  { feature: "Users", values: { starter: "Up to 10", growth: "Up to 25", pro: "Up to 50" } },
  { feature: "Storage", values: { starter: "1GB", growth: "5GB", pro: "5GB" } },
  {
    feature: "Roles",
    values: {
      starter: "Admin and member",
      growth: "Admin, steward, member",
      pro: "Admin, steward, member",
    },
  },
  { feature: "Grievance tracking", values: { starter: true, growth: true, pro: true } },
  { feature: "Member directory", values: { starter: true, growth: true, pro: true } },
  {
    feature: "Documents and announcements",
    values: { starter: true, growth: true, pro: true },
  },
  { feature: "Advanced workflows", values: { starter: false, growth: true, pro: true } },
  { feature: "Communication tools", values: { starter: false, growth: true, pro: true } },
  { feature: "Custom forms", values: { starter: false, growth: true, pro: true } },
  { feature: "Analytics", values: { starter: false, growth: true, pro: true } },
  { feature: "CRM tools", values: { starter: false, growth: false, pro: true } },
  { feature: "Role-based permissions", values: { starter: false, growth: false, pro: true } },
  { feature: "Team messaging", values: { starter: false, growth: false, pro: true } },
  { feature: "Tax/export dashboard", values: { starter: false, growth: false, pro: true } },
];

// ---------------------------------------------------------------------------------------------
// Website packages

const MONTHS_OVER_TIME = 12;

function setupAndHosting(setupFee: number, monthlyFee: number): TPaymentOption {
  return {
    id: "setup-monthly",
    name: "One-time setup + monthly hosting",
    benefits: [
      `${formatUsd(setupFee)} once to design and build your site`,
      `${formatUsd(monthlyFee)}/month for hosting, updates and support`,
      "Lowest total cost over time",
    ],
    price: setupFee,
    downPayment: null,
    monthlyFee,
    duration: null,
  };
}

function payOverTime(downPayment: number, monthlyFee: number): TPaymentOption {
  return {
    id: "pay-over-time",
    name: "Pay over time",
    benefits: [
      `Start with ${formatUsd(downPayment)} down`,
      monthlyLabel(monthlyFee, MONTHS_OVER_TIME),
      "Same site, same support, easier on cash flow",
    ],
    price: downPayment,
    downPayment,
    monthlyFee,
    duration: MONTHS_OVER_TIME,
  };
}

function addOn(
  id: string,
  name: string,
  price: number,
  isMonthly: boolean,
  description: string,
  perOrderPercent: number | null = null,
): TAddOn {
  return { id, name, description, price, isMonthly, perOrderPercent };
}

const packageDefaults = {
  yearlyPrice: null,
  popular: false,
  maxUsers: null,
  hasRoleBasedAccess: false,
  monthlyPriceId: null,
  yearlyPriceId: null,
  isHidden: false,
  isCustomPricing: false,
  comingSoon: false,
} as const;

function websitePackage(
  p: Omit<TWebsitePackage, keyof typeof packageDefaults | "setupRoute" | "modalContent"> & {
    modalContent: Omit<TWebsitePackage["modalContent"], "pricing">;
  },
): TWebsitePackage {
  return {
    ...packageDefaults,
    ...p,
    setupRoute: setupRoute(p.id),
    modalContent: {
      ...p.modalContent,
      pricing: { setupFee: p.setupFee, monthlyFee: p.monthlyPrice },
    },
  };
}

/**
 * Built by a function marked pure: a page that uses only the price maths does not ship the
 * data (the web app gets it from the API).
 */
export const WEBSITE_PACKAGES: readonly TWebsitePackage[] = /* @__PURE__ */ buildPackages();

function buildPackages(): TWebsitePackage[] {
  return [
    websitePackage({
      id: "life-moments",
      name: "Event Showcase",
      kind: "Event Showcase",
      description: "A beautiful page for the moments that matter: weddings, reunions, memorials.",
      setupFee: 500,
      monthlyPrice: 15,
      features: [
        "A custom event page with your story and photos",
        "Schedule, venue and directions",
        "Photo gallery guests can enjoy afterwards",
        "Mobile-friendly design",
        "Your own web address",
      ],
      modalContent: {
        idealFor: ["Weddings", "Anniversaries and reunions", "Memorials and celebrations of life"],
        detailedFeatures: [
          "A designed event page built around your story, photos and colours",
          "Schedule, venue, map and travel details in one place",
          "Photo gallery you can keep adding to after the day",
          "Works on every phone, tablet and computer",
          "Set up on your own web address",
        ],
        paymentOptions: [setupAndHosting(500, 15), payOverTime(150, 50)],
        addOns: [
          addOn("rsvp-form", "RSVP form", 20, false, "Guests reply online; you get the list."),
          addOn(
            "reminder-emails",
            "Reminder emails",
            5,
            true,
            "Automatic reminders to your guests.",
          ),
          addOn(
            "keepsake-export",
            "Keepsake export",
            99,
            false,
            "The whole site, photos and messages, exported to keep forever.",
          ),
        ],
      },
    }),
    websitePackage({
      id: "barber-pro",
      name: "Solo Service Pro",
      kind: "Solo Service Pro",
      description: "A booking-ready site for barbers, stylists and other solo service pros.",
      setupFee: 800,
      monthlyPrice: 25,
      features: [
        "Services and prices, always up to date",
        "Online booking link front and centre",
        "Portfolio gallery of your work",
        "Hours, location and map",
        "Reviews from your clients",
      ],
      modalContent: {
        idealFor: ["Barbers and stylists", "Nail and lash techs", "Personal trainers and coaches"],
        detailedFeatures: [
          "Service menu with prices and durations",
          "Booking button wired to your calendar or booking app",
          "Portfolio gallery of your best work",
          "Hours, address, map and parking notes",
          "Client reviews shown on the home page",
        ],
        paymentOptions: [setupAndHosting(800, 25), payOverTime(200, 75)],
        addOns: [
          addOn(
            "sms-reminders",
            "SMS reminders",
            10,
            true,
            "Text reminders before each appointment cut no-shows.",
          ),
        ],
      },
    }),
    websitePackage({
      id: "daycare-pro",
      name: "Childcare",
      kind: "Childcare",
      description: "A warm, trustworthy site for home daycares and small childcare centres.",
      setupFee: 850,
      monthlyPrice: 25,
      features: [
        "Programs, ages and daily schedule",
        "Licensing and safety information",
        "Enrollment enquiry form",
        "Photo tour of your space",
        "Parent testimonials",
      ],
      modalContent: {
        idealFor: ["Home daycares", "Small childcare centres", "Preschools and after-school care"],
        detailedFeatures: [
          "Programs, age groups, hours and daily routine",
          "Licensing, safety and staff information parents look for",
          "Enrollment enquiry form sent straight to you",
          "Photo tour of rooms and outdoor space",
          "Parent testimonials and FAQ",
        ],
        paymentOptions: [setupAndHosting(850, 25), payOverTime(200, 75)],
        addOns: [
          addOn(
            "parent-portal",
            "Parent portal",
            99,
            false,
            "A private area for parents: forms, policies, notices.",
          ),
          addOn("meal-tracker", "Meal tracker", 5, true, "Post the weekly menu and meal notes."),
          addOn("updates-blog", "Updates blog", 10, true, "Share news and photos with families."),
          addOn(
            "enrollment-tracker",
            "Enrollment tracker",
            7,
            true,
            "See open spots and the waiting list at a glance.",
          ),
          addOn("auto-text", "Auto-text", 10, true, "Automatic texts to parents for closures."),
          addOn("branding-kit", "Branding kit", 79, false, "Logo, colours and printable flyers."),
        ],
      },
    }),
    websitePackage({
      id: "bakers-biz",
      name: "Home Goods and Food",
      kind: "Home Goods and Food",
      description: "A mouth-watering storefront for bakers, cooks and home goods makers.",
      setupFee: 900,
      monthlyPrice: 25,
      features: [
        "Menu or product catalogue with photos",
        "Order enquiry form",
        "Pickup and delivery details",
        "Allergen and ingredient notes",
        "Instagram-style photo gallery",
      ],
      modalContent: {
        idealFor: ["Home bakers", "Cottage food sellers", "Candle, soap and craft makers"],
        detailedFeatures: [
          "Menu or product catalogue with photos and prices",
          "Order enquiry form for custom and large orders",
          "Pickup times, delivery areas and lead times",
          "Allergen and ingredient notes on each item",
          "Photo gallery of your best work",
        ],
        paymentOptions: [setupAndHosting(900, 25), payOverTime(250, 75)],
        addOns: [
          addOn(
            "online-checkout",
            "Online checkout",
            99,
            false,
            "Take paid orders on your site.",
            3,
          ),
          addOn("promo-banner", "Promo banner", 5, true, "Announce specials and seasonal items."),
          addOn("reviews", "Reviews", 7, true, "Collect and show customer reviews."),
          addOn(
            "delivery-radius",
            "Delivery radius",
            9,
            true,
            "Customers check whether you deliver to them.",
          ),
          addOn(
            "menu-swapper",
            "Menu swapper",
            15,
            true,
            "Switch between weekly or seasonal menus.",
          ),
          addOn("sms-order-alert", "SMS order alert", 10, true, "A text for every new order."),
        ],
      },
    }),
    websitePackage({
      id: "authors-hub",
      name: "Author's Hub",
      kind: "Author's Hub",
      description: "A home for your books, your readers and your next launch.",
      setupFee: 750,
      monthlyPrice: 45,
      features: [
        "Book pages with covers and buy links",
        "Author bio and press kit",
        "Newsletter sign-up",
        "Events and signings calendar",
        "Blog for updates and excerpts",
      ],
      modalContent: {
        idealFor: ["Novelists", "Self-published authors", "Poets and non-fiction writers"],
        detailedFeatures: [
          "A page for every book: cover, blurb, reviews and buy links",
          "Author bio, photos and a downloadable press kit",
          "Newsletter sign-up connected to your mailing list",
          "Events, readings and signings calendar",
          "Blog for updates, excerpts and launch news",
        ],
        paymentOptions: [setupAndHosting(750, 45)],
        addOns: [],
      },
    }),
    websitePackage({
      id: "local-business",
      name: "Local Business",
      kind: "Local Business",
      description: "Everything a neighbourhood business needs to be found and chosen.",
      setupFee: 1100,
      monthlyPrice: 35,
      features: [
        "Services or menu, hours and location",
        "Google-friendly pages that get found",
        "Contact and quote request form",
        "Photo gallery and team page",
        "Customer reviews",
      ],
      modalContent: {
        idealFor: ["Restaurants and cafés", "Shops and salons", "Trades and repair services"],
        detailedFeatures: [
          "Services or menu with prices, hours and location",
          "Search-friendly pages so neighbours find you",
          "Contact and quote request form",
          "Photo gallery and meet-the-team page",
          "Customer reviews on the home page",
        ],
        paymentOptions: [setupAndHosting(1100, 35), payOverTime(300, 85)],
        addOns: [
          addOn(
            "online-ordering",
            "Online ordering",
            99,
            false,
            "Take paid orders for pickup or delivery.",
            3,
          ),
          addOn("reservation-tool", "Reservation tool", 9, true, "Table or appointment bookings."),
          addOn("events-page", "Events page", 5, true, "Promote tastings, classes and live music."),
          addOn("loyalty-widget", "Loyalty widget", 7, true, "Reward your regulars."),
          addOn("daily-specials", "Daily specials", 5, true, "Post today's specials in seconds."),
          addOn("reviews-widget", "Reviews widget", 10, true, "Show your best reviews everywhere."),
        ],
      },
    }),
    websitePackage({
      id: "nonprofit-church",
      name: "Nonprofit or Church",
      kind: "Nonprofit or Church",
      description: "A welcoming site that brings people in and keeps your community connected.",
      setupFee: 1200,
      monthlyPrice: 40,
      features: [
        "Mission, services and programs",
        "Service times and events",
        "Volunteer sign-up form",
        "Sermons, stories and updates",
        "Leadership and staff pages",
      ],
      modalContent: {
        idealFor: ["Churches and ministries", "Community nonprofits", "Charities and foundations"],
        detailedFeatures: [
          "Mission, beliefs or values, programs and ministries",
          "Service times, locations and upcoming events",
          "Volunteer sign-up form",
          "Sermons, stories and news updates",
          "Leadership, staff and board pages",
        ],
        paymentOptions: [setupAndHosting(1200, 40), payOverTime(350, 95)],
        addOns: [
          addOn(
            "donation-portal",
            "Donation portal",
            49,
            false,
            "Accept one-time and recurring gifts.",
          ),
          addOn(
            "event-registration",
            "Event registration",
            15,
            true,
            "Sign-ups and headcounts for events.",
          ),
          addOn("prayer-requests", "Prayer requests", 5, true, "A private prayer request form."),
          addOn("newsletter", "Newsletter", 12, true, "Email your community from your site."),
          addOn("live-stream", "Live stream", 25, false, "Embed your live services and events."),
        ],
      },
    }),
    websitePackage({
      id: "school-hub",
      name: "School or Group Hub",
      kind: "School or Group Hub",
      description: "One place for a class, club, team or school group to stay organized.",
      setupFee: 800,
      monthlyPrice: 25,
      features: [
        "News and announcements",
        "Calendar of classes and events",
        "Documents and forms to download",
        "Contact page for families",
        "Photo gallery",
      ],
      modalContent: {
        idealFor: ["Classes and homeschool groups", "Clubs and sports teams", "PTAs and boosters"],
        detailedFeatures: [
          "News and announcements on the home page",
          "Calendar of classes, games and events",
          "Documents, permission slips and forms to download",
          "Contact page for families and members",
          "Photo gallery of the year",
        ],
        paymentOptions: [setupAndHosting(800, 25), payOverTime(200, 65)],
        addOns: [
          addOn("grading", "Grading", 99, false, "Post grades and progress privately."),
          addOn(
            "parent-communication",
            "Parent communication",
            10,
            true,
            "Message parents by email and text.",
          ),
          addOn("attendance", "Attendance", 8, true, "Take and track attendance online."),
          addOn(
            "event-calendar",
            "Event calendar",
            6,
            true,
            "A shared calendar families subscribe to.",
          ),
        ],
      },
    }),
    websitePackage({
      id: "union-labor",
      name: "Union or Labor",
      kind: "Union or Labor",
      description: "A public face for your local, connected to the UnionHall member portal.",
      setupFee: 1500,
      monthlyPrice: 55,
      features: [
        "Who you are, what you've won, how to join",
        "News, meetings and events",
        "Contract and bylaws library",
        "Officer and steward directory",
        "Member login to UnionHall",
      ],
      modalContent: {
        idealFor: ["Union locals", "Labor councils", "Worker centres and associations"],
        detailedFeatures: [
          "Who you are, what you've won and how to join",
          "News, meeting notices and events",
          "Contract, bylaws and resources library",
          "Officer and steward directory",
          "Member login to the UnionHall portal, with Admin, Steward and Member roles",
        ],
        useCases: [
          "Organizing drive: a public page with sign-up cards and FAQs",
          "Contract campaign: updates, bargaining reports and calls to action",
          "Everyday local: meetings, contacts and the steward on your shift",
        ],
        paymentOptions: [setupAndHosting(1500, 55), payOverTime(450, 125)],
        addOns: [
          addOn(
            "advanced-grievance-workflow",
            "Advanced grievance workflow",
            149,
            false,
            "Custom steps, deadlines and escalation for your contract.",
          ),
          addOn("voting", "Voting", 25, true, "Secure member votes and ratifications."),
          addOn("strike-fund", "Strike fund", 15, true, "Collect and track strike fund gifts."),
          addOn("legal-library", "Legal library", 12, true, "Searchable contracts and rulings."),
          addOn(
            "communication-hub",
            "Communication hub",
            18,
            true,
            "Email and text blasts to members.",
          ),
        ],
      },
    }),
  ];
}

export function getWebsitePackage(id: TPackageId): TWebsitePackage {
  const found = WEBSITE_PACKAGES.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown website package ${id}`);
  return found;
}

export const isPackageId = (id: string): id is TPackageId =>
  WEBSITE_PACKAGES.some((p) => p.id === id);

/** The whole public catalogue, as GET /api/pricing-plans serves it. */
export function pricingCatalogue(): TPricingResponse {
  return {
    currency: "USD",
    trialDays: TRIAL_DAYS,
    annualSavingPercent: catalogueAnnualSaving(),
    plans: PLANS.map((p) => ({
      ...p,
      allowedRoles: [...p.allowedRoles],
      features: [...p.features],
    })),
    websitePackages: WEBSITE_PACKAGES.map((p) => structuredClone(p)),
  };
}
