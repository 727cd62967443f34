import type { PackageIds } from "../../src/shared/plan-ids.ts";

/**
 * The marketing spec's tables (001, section 9), transcribed once for the unit tests of the
 * catalogue and the browser tests of the package dialogs. Prices in whole USD.
 */
export const PLAN_TABLE = [
  { id: "starter", name: "Starter", monthly: 15, yearly: 150, users: 10 },
  { id: "growth", name: "Growth", monthly: 29, yearly: 290, users: 25 },
  { id: "pro", name: "Pro", monthly: 49, yearly: 490, users: 50 },
] as const;

// The spec's website package table, row by row: setup + monthly, pay over time, add-ons.
export const PACKAGE_TABLE: {
  id: (typeof PackageIds)[number];
  name: string;
  setup: number;
  monthly: number;
  overTime: { down: number; monthly: number } | null;
  addOns: [name: string, price: number, monthly: boolean, perOrder?: number][];
}[] = [
  {
    id: "life-moments",
    name: "Event Showcase",
    setup: 500,
    monthly: 15,
    overTime: { down: 150, monthly: 50 },
    addOns: [
      ["RSVP form", 20, false],
      ["Reminder emails", 5, true],
      ["Keepsake export", 99, false],
    ],
  },
  {
    id: "barber-pro",
    name: "Solo Service Pro",
    setup: 800,
    monthly: 25,
    overTime: { down: 200, monthly: 75 },
    addOns: [["SMS reminders", 10, true]],
  },
  {
    id: "daycare-pro",
    name: "Childcare",
    setup: 850,
    monthly: 25,
    overTime: { down: 200, monthly: 75 },
    addOns: [
      ["Parent portal", 99, false],
      ["Meal tracker", 5, true],
      ["Updates blog", 10, true],
      ["Enrollment tracker", 7, true],
      ["Auto-text", 10, true],
      ["Branding kit", 79, false],
    ],
  },
  {
    id: "bakers-biz",
    name: "Home Goods and Food",
    setup: 900,
    monthly: 25,
    overTime: { down: 250, monthly: 75 },
    addOns: [
      ["Online checkout", 99, false, 3],
      ["Promo banner", 5, true],
      ["Reviews", 7, true],
      ["Delivery radius", 9, true],
      ["Menu swapper", 15, true],
      ["SMS order alert", 10, true],
    ],
  },
  {
    id: "authors-hub",
    name: "Author's Hub",
    setup: 750,
    monthly: 45,
    overTime: null,
    addOns: [],
  },
  {
    id: "local-business",
    name: "Local Business",
    setup: 1100,
    monthly: 35,
    overTime: { down: 300, monthly: 85 },
    addOns: [
      ["Online ordering", 99, false, 3],
      ["Reservation tool", 9, true],
      ["Events page", 5, true],
      ["Loyalty widget", 7, true],
      ["Daily specials", 5, true],
      ["Reviews widget", 10, true],
    ],
  },
  {
    id: "nonprofit-church",
    name: "Nonprofit or Church",
    setup: 1200,
    monthly: 40,
    overTime: { down: 350, monthly: 95 },
    addOns: [
      ["Donation portal", 49, false],
      ["Event registration", 15, true],
      ["Prayer requests", 5, true],
      ["Newsletter", 12, true],
      ["Live stream", 25, false],
    ],
  },
  {
    id: "school-hub",
    name: "School or Group Hub",
    setup: 800,
    monthly: 25,
    overTime: { down: 200, monthly: 65 },
    addOns: [
      ["Grading", 99, false],
      ["Parent communication", 10, true],
      ["Attendance", 8, true],
      ["Event calendar", 6, true],
    ],
  },
  {
    id: "union-labor",
    name: "Union or Labor",
    setup: 1500,
    monthly: 55,
    overTime: { down: 450, monthly: 125 },
    addOns: [
      ["Advanced grievance workflow", 149, false],
      ["Voting", 25, true],
      ["Strike fund", 15, true],
      ["Legal library", 12, true],
      ["Communication hub", 18, true],
    ],
  },
];
