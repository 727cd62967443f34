import { useCallback, useSyncExternalStore } from "react";
import { type createBrowserRouter, useNavigate } from "react-router";
import { toast } from "sonner";
import type { TBillingCycle } from "../../../shared/price-math.ts";
import { startCheckout } from "../../lib/checkout.ts";
import { fetchSignedIn } from "./api/public-api.ts";

/**
 * Choosing a plan or a website package (marketing spec, section 4). Signed out, the choice is
 * kept under the spec's keys (DECISIONS.md 1: the only browser storage besides the theme), a
 * 'Login Required' toast shows and the visitor goes to /login. After sign-in the pricing section
 * restores the cycle, selects the choice after 0.5 s and removes the keys. Checkout itself is
 * the billing feature's (billing/checkout.ts): a signed-in choice starts it.
 */
export type Choice =
  | { kind: "plan"; id: string; name: string; billingCycle: TBillingCycle }
  | {
      kind: "package";
      id: string;
      name: string;
      websiteKind: string;
      /** From the package dialog; the card buys the first option without add-ons. */
      paymentOption?: "setup-monthly" | "pay-over-time";
      addOns?: string[];
    };

const PLAN_KEY = "selectedPlanId";
const CYCLE_KEY = "selectedBillingCycle";
export const RESTORE_DELAY_MS = 500;

const LOGIN_REQUIRED = "Login Required";
const loginRequiredText = (choice: Choice) =>
  choice.kind === "plan"
    ? "Please log in or create an account to continue with your subscription."
    : `Please log in or create an account to continue with your ${choice.websiteKind} website.`;

export interface PendingChoice {
  planId: string;
  billingCycle: TBillingCycle | null;
}

export function readPendingChoice(): PendingChoice | null {
  try {
    const planId = localStorage.getItem(PLAN_KEY);
    if (!planId) return null;
    const cycle = localStorage.getItem(CYCLE_KEY);
    return {
      planId,
      billingCycle: cycle === "monthly" || cycle === "yearly" ? cycle : null,
    };
  } catch {
    return null;
  }
}

function savePendingChoice(choice: Choice) {
  localStorage.setItem(PLAN_KEY, choice.id);
  if (choice.kind === "plan") localStorage.setItem(CYCLE_KEY, choice.billingCycle);
  else localStorage.removeItem(CYCLE_KEY);
}

export function clearPendingChoice() {
  localStorage.removeItem(PLAN_KEY);
  localStorage.removeItem(CYCLE_KEY);
}

// The choice selected in this tab, shared by every pricing card (a tiny external store).
let selected: Choice | null = null;
const listeners = new Set<() => void>();

export function setSelectedChoice(choice: Choice | null) {
  selected = choice;
  for (const listener of listeners) listener();
}

export function useSelectedChoice(): Choice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
  );
}

export function announceSelection(choice: Choice) {
  setSelectedChoice(choice);
  toast.success(`${choice.name} selected`, {
    description:
      choice.kind === "plan"
        ? `${choice.billingCycle === "yearly" ? "Annual" : "Monthly"} billing. It is marked in the pricing section.`
        : "Your website package is marked in the pricing section.",
  });
}

/** The click handler of every purchase button. */
export function useChoose() {
  const navigate = useNavigate();
  return useCallback(
    async (choice: Choice) => {
      let signedIn = false;
      try {
        signedIn = await fetchSignedIn();
      } catch {
        signedIn = false;
      }
      if (!signedIn) {
        savePendingChoice(choice);
        toast(LOGIN_REQUIRED, { description: loginRequiredText(choice) });
        navigate("/login");
        return;
      }
      setSelectedChoice(choice);
      await startCheckout(
        choice.kind === "plan"
          ? {
              planId: choice.id,
              billingCycle: choice.billingCycle,
              isFoundersPlan: choice.id === "founders",
            }
          : { packageId: choice.id, paymentOption: choice.paymentOption, addOns: choice.addOns },
        navigate,
      );
    },
    [navigate],
  );
}

const AUTH_PATHS = new Set([
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
]);
/** Pages whose pricing section restores the choice itself. */
const PRICING_PATHS = new Set(["/", "/home"]);

/**
 * After sign-in the app lands on the portal; when a choice is waiting, this sends the visitor
 * back to the pricing section, which restores it. Checks only when leaving the sign-in pages
 * (or on the first page), so a signed-out visitor is not asked on every click.
 */
export function watchPendingChoice(router: ReturnType<typeof createBrowserRouter>) {
  let previous: string | null = null;
  let checking = false;
  const check = async (pathname: string, from: string | null) => {
    const cameFromAuth = from === null || AUTH_PATHS.has(from);
    if (!cameFromAuth || AUTH_PATHS.has(pathname) || PRICING_PATHS.has(pathname)) return;
    const pending = readPendingChoice();
    if (!pending || checking) return;
    checking = true;
    try {
      if (await fetchSignedIn()) {
        // Plans are saved with their billing cycle, packages without one.
        const anchor = pending.billingCycle ? "pricing" : "website-packages";
        await router.navigate(`/home#${anchor}`);
      }
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
