import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { FOUNDERS_PLAN_ID } from "../../../shared/plan-ids.ts";
import type { TBillingCycle } from "../../../shared/price-math.ts";
import { startCheckout } from "../../lib/checkout.ts";
import { i18n } from "../../lib/i18n.ts";
import { toastOnArrival } from "../../lib/lazy-toast.ts";
import { savePendingChoice } from "./pending-choice.ts";
import { fetchSignedIn } from "./queries.ts";

/**
 * Choosing a plan or a website package (marketing spec, section 4). Signed out, the choice is
 * saved (pending-choice.ts, which carries it out after sign-in) and a toast says why the
 * visitor moves on: a plan's button is 'Start free trial', and a trial starts with a new
 * account, so it opens /register (issue 30; the spec's Try free links go there too; the page
 * links to sign-in for those who have an account); a website package goes to /login ('Login
 * Required'). Signed in, the choice starts checkout (lib/checkout.ts).
 */
export type Choice =
  | { kind: "plan"; id: string; name: string; billingCycle: TBillingCycle }
  | {
      kind: "package";
      id: string;
      name: string;
      /** The package's name as shown, for the 'Login Required' toast. */
      websiteKind: string;
      /** From the package dialog; the card buys the first option without add-ons. */
      paymentOption?: "setup-monthly" | "pay-over-time";
      addOns?: string[];
    };

const loginRequiredText = (choice: Choice) =>
  choice.kind === "plan"
    ? i18n.t("marketing:selection.loginForPlan")
    : i18n.t("marketing:selection.loginForPackage", { kind: choice.websiteKind });

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
    () => null, // nothing is chosen in a page rendered at build
  );
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
        savePendingChoice(
          choice.kind === "plan"
            ? { planId: choice.id, billingCycle: choice.billingCycle }
            : {
                planId: choice.id,
                billingCycle: null,
                paymentOption: choice.paymentOption,
                addOns: choice.addOns,
              },
        );
        const trial = choice.kind === "plan";
        toastOnArrival(
          i18n.t(
            trial ? "marketing:selection.accountRequired" : "marketing:selection.loginRequired",
          ),
          loginRequiredText(choice),
        );
        navigate(trial ? "/register" : "/login");
        return;
      }
      setSelectedChoice(choice);
      await startCheckout(
        choice.kind === "plan"
          ? {
              planId: choice.id,
              billingCycle: choice.billingCycle,
              isFoundersPlan: choice.id === FOUNDERS_PLAN_ID,
            }
          : { packageId: choice.id, paymentOption: choice.paymentOption, addOns: choice.addOns },
        navigate,
      );
    },
    [navigate],
  );
}
