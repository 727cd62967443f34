import type { createBrowserRouter } from "react-router";
import { FOUNDERS_PLAN_ID } from "../../../shared/plan-ids.ts";
import type { TBillingCycle } from "../../../shared/price-math.ts";
import {
  ADMINS_ONLY_DESCRIPTION,
  ADMINS_ONLY_TITLE,
  type CheckoutBody,
  startCheckout,
} from "../../lib/checkout.ts";
import { lazyToast } from "../../lib/lazy-toast.ts";
import { fetchSignedIn } from "./queries.ts";

/**
 * A plan or package chosen while signed out (marketing spec, section 4). It is kept under the
 * spec's two keys (product-decisions.md 1: the only browser storage besides the theme) and acted on
 * once the visitor has signed in: see pendingChoiceAction for where it leads.
 */
const PLAN_KEY = "selectedPlanId";
const CYCLE_KEY = "selectedBillingCycle";

export interface PendingChoice {
  /** A plan id or a website package id. */
  planId: string;
  /** Saved for plans only: a pending choice without one is a website package. */
  billingCycle: TBillingCycle | null;
  /** A package's payment option and add-ons from its dialog (issue 14: they survive sign-in). */
  paymentOption?: "setup-monthly" | "pay-over-time" | undefined;
  addOns?: string[] | undefined;
}

/**
 * The stored value of the plan key. A package's options ride along after its id, as a query
 * ('union-labor?paymentOption=pay-over-time&addOns=voting,strike-fund'), so the choice still
 * fits the two keys product-decisions.md 1 allows; a plain id is the package's defaults.
 */
export function encodePendingChoice(c: PendingChoice): string {
  const q = new URLSearchParams();
  if (c.paymentOption && !c.billingCycle) q.set("paymentOption", c.paymentOption);
  if (c.addOns?.length && !c.billingCycle) q.set("addOns", `${c.addOns}`);
  return q.size ? `${c.planId}?${q}` : c.planId;
}

export function decodePendingChoice(value: string, cycle: string | null): PendingChoice {
  const [planId = "", query] = value.split("?");
  const q = new URLSearchParams(query);
  const option = q.get("paymentOption");
  return {
    planId,
    billingCycle: cycle === "monthly" || cycle === "yearly" ? cycle : null,
    paymentOption: option === "setup-monthly" || option === "pay-over-time" ? option : undefined,
    addOns: q.get("addOns")?.split(",").filter(Boolean),
  };
}

export function readPendingChoice(): PendingChoice | null {
  try {
    const value = localStorage.getItem(PLAN_KEY);
    if (!value) return null;
    return decodePendingChoice(value, localStorage.getItem(CYCLE_KEY));
  } catch {
    return null;
  }
}

export function savePendingChoice(choice: PendingChoice) {
  localStorage.setItem(PLAN_KEY, encodePendingChoice(choice));
  if (choice.billingCycle) localStorage.setItem(CYCLE_KEY, choice.billingCycle);
  else localStorage.removeItem(CYCLE_KEY);
}

export function clearPendingChoice() {
  try {
    localStorage.removeItem(PLAN_KEY);
    localStorage.removeItem(CYCLE_KEY);
  } catch {
    // Storage off: there is nothing to clear.
  }
}

/** What GET /api/me tells about the signed-in user, as far as buying is concerned. */
export interface Buyer {
  hasOrganization: boolean;
  isAdminAccount: boolean;
  canManageBilling: boolean;
}

export type PendingAction =
  /** An admin without an organization: the wizard, which preselects the saved plan. */
  | { kind: "get-started" }
  | { kind: "checkout"; body: CheckoutBody }
  /** Anyone else choosing a plan: a toast, and the choice is dropped. */
  | { kind: "admins-only" };

/**
 * Where a pending choice leads once signed in. A website package can be bought by anyone
 * signed in; a plan belongs to an organization and is bought by its admin, so an admin without
 * one creates it first (the wizard's 'Continue to Payment' opens the same checkout).
 */
export function pendingChoiceAction(pending: PendingChoice, buyer: Buyer): PendingAction {
  if (pending.billingCycle === null) {
    // Undefined options are left out of the request's JSON: the package's defaults.
    const { paymentOption, addOns } = pending;
    return { kind: "checkout", body: { packageId: pending.planId, paymentOption, addOns } };
  }
  if (buyer.hasOrganization) {
    return buyer.canManageBilling
      ? {
          kind: "checkout",
          body: {
            planId: pending.planId,
            billingCycle: pending.billingCycle,
            isFoundersPlan: pending.planId === FOUNDERS_PLAN_ID,
          },
        }
      : { kind: "admins-only" };
  }
  return buyer.isAdminAccount ? { kind: "get-started" } : { kind: "admins-only" };
}

/** GET /api/me with a bare fetch (the landing page loads this file: no zod); null if signed out. */
async function fetchBuyer(): Promise<Buyer | null> {
  const response = await fetch("/api/me", { credentials: "include" });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const me = (await response.json()) as {
    user: { accountType: string };
    organization: unknown;
    permissions: string[];
  };
  return {
    hasOrganization: me.organization !== null,
    isAdminAccount: me.user.accountType === "admin",
    canManageBilling: me.permissions.includes("manage:billing"),
  };
}

const AUTH_PATHS = new Set([
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
]);

/**
 * After sign-in the app lands on the portal; when a choice is waiting, this carries it out.
 * It checks only when leaving the sign-in pages (or on the first page of a visit), so a
 * signed-out visitor is not asked on every click.
 */
export function watchPendingChoice(router: ReturnType<typeof createBrowserRouter>) {
  let previous: string | null = null;
  let checking = false;
  const navigate = (to: string) => router.navigate(to);
  const check = async (pathname: string, from: string | null) => {
    const cameFromAuth = from === null || AUTH_PATHS.has(from);
    if (!cameFromAuth || AUTH_PATHS.has(pathname)) return;
    const pending = readPendingChoice();
    if (!pending || checking) return;
    checking = true;
    try {
      // /api/viewer first: it answers 200 signed out, so the console shows no 401.
      const buyer = (await fetchSignedIn()) ? await fetchBuyer() : null;
      if (!buyer) return;
      const action = pendingChoiceAction(pending, buyer);
      if (action.kind === "get-started") {
        // The wizard reads the keys and removes them once the organization exists.
        if (router.state.location.pathname !== "/get-started") await navigate("/get-started");
        return;
      }
      clearPendingChoice();
      if (action.kind === "admins-only") {
        lazyToast((toast) => toast(ADMINS_ONLY_TITLE, { description: ADMINS_ONLY_DESCRIPTION }));
        return;
      }
      await startCheckout(action.body, navigate);
    } catch {
      // Offline or the server is down: the choice stays saved for the next visit.
    } finally {
      checking = false;
    }
  };
  router.subscribe((state) => {
    if (state.navigation.state !== "idle") return;
    const { pathname } = state.location;
    if (pathname === previous) return;
    const from = previous;
    previous = pathname;
    void check(pathname, from);
  });
  // The first page of the visit (subscribe reports changes only).
  previous = router.state.location.pathname;
  void check(previous, null);
}
