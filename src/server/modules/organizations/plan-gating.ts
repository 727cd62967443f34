import type { Role } from "../../../shared/permissions.ts";
import { AppError } from "../../lib/errors.ts";

/**
 * DECISIONS.md 15: plans gate roles and seats. Starter has admin and member only (10 users);
 * Growth (25) and Pro (50) add steward. Enterprise and Founders have every role, no seat cap.
 */
const RULES: Record<string, { seats: number | null; roles: readonly Role[] }> = {
  starter: { seats: 10, roles: ["admin", "member"] },
  growth: { seats: 25, roles: ["admin", "steward", "member"] },
  pro: { seats: 50, roles: ["admin", "steward", "member"] },
  enterprise: { seats: null, roles: ["admin", "steward", "member"] },
  founders: { seats: null, roles: ["admin", "steward", "member"] },
};

const rulesFor = (plan: string) =>
  RULES[plan] ?? { seats: 10, roles: ["admin", "member"] as const };

const PLAN_NAMES: Record<string, string> = {
  starter: "Starter",
  growth: "Growth",
  pro: "Pro",
  enterprise: "Enterprise",
  founders: "Founders",
};

export function assertRoleAllowed(plan: string, role: Role): void {
  if (!rulesFor(plan).roles.includes(role)) {
    throw new AppError(
      409,
      "CONFLICT",
      `The ${PLAN_NAMES[plan] ?? plan} plan has no ${role} role. Upgrade to Growth or Pro to add stewards.`,
    );
  }
}

/** `taken` counts members and open invitations; one more must still fit. */
export function assertSeatAvailable(plan: string, taken: number): void {
  const seats = rulesFor(plan).seats;
  if (seats !== null && taken >= seats) {
    throw new AppError(
      409,
      "CONFLICT",
      `This organization has reached its limit of ${seats} users on the ${PLAN_NAMES[plan] ?? plan} plan.`,
    );
  }
}
