import { createElement, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { i18n, translateMessage } from "./i18n.ts";
import { lazyToast, toastOnArrival } from "./lazy-toast.ts";

/**
 * Starting a checkout (marketing spec, section 4; issue 8). While one runs, every purchase
 * button is disabled and reads 'Processing' (useCheckoutPending); on success the browser goes
 * to the provider's page; on failure the 'Checkout Error' toast shows the server's text.
 * Plain fetch, no zod: the landing page loads this file.
 */
export interface CheckoutBody {
  planId?: string;
  billingCycle?: "monthly" | "yearly";
  isFoundersPlan?: boolean;
  packageId?: string;
  paymentOption?: "setup-monthly" | "pay-over-time";
  addOns?: string[];
}

/** A word of the `common` catalogue, in the language on screen when it shows. */
function Word({ name }: { name: string }) {
  return useTranslation().t(name);
}
// Trans would do, but brings its HTML parser into the landing page's first load.
const word = (name: string) => createElement(Word, { name });

/** What a purchase button reads while a checkout starts: 'Processing'. */
export const PROCESSING = word("checkout.processing");
/** A plan belongs to an organization and only its admin buys it (the spec has no wording). */
export const ADMINS_ONLY_TITLE = word("checkout.adminsOnlyTitle");
export const ADMINS_ONLY_DESCRIPTION = word("checkout.adminsOnlyDescription");

let pending = false;
const listeners = new Set<() => void>();
function setPending(value: boolean) {
  pending = value;
  for (const listener of listeners) listener();
}

export function useCheckoutPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => false, // nothing is pending in a page rendered at build
  );
}

export class CheckoutError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** POST /api/create-checkout-session; the server prices everything from the catalogue. */
export async function createCheckoutSession(body: CheckoutBody): Promise<string> {
  const response = await fetch("/api/create-checkout-session", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let data: { url?: string; error?: { message?: string } } | null = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new CheckoutError(
      data?.error?.message ?? `${response.status}: ${text || response.statusText}`,
      response.status,
    );
  }
  if (!data?.url) throw new CheckoutError(i18n.t("common:checkout.sessionFailed"), response.status);
  return data.url;
}

/**
 * Runs one checkout. Without an organization yet, a plan's admin is sent to the get-started
 * wizard with the choice kept (its 'Continue to Payment' comes back here). True when the
 * browser is on its way to the checkout page.
 */
export async function startCheckout(
  body: CheckoutBody,
  navigate: (to: string) => void | Promise<void>,
): Promise<boolean> {
  if (pending) return false;
  setPending(true);
  let navigatedAway = false;
  try {
    const url = await createCheckoutSession(body);
    navigatedAway = true;
    window.location.assign(url);
  } catch (error) {
    if (error instanceof CheckoutError && error.status === 409 && body.planId && !body.packageId) {
      try {
        localStorage.setItem("selectedPlanId", body.planId);
        localStorage.setItem("selectedBillingCycle", body.billingCycle ?? "monthly");
      } catch {
        // Storage off: the wizard starts without a preselected plan.
      }
      const description = translateMessage(error.message);
      toastOnArrival(i18n.t("common:checkout.error"), description);
      await navigate("/get-started");
      return false;
    }
    const description =
      error instanceof Error && error.message
        ? translateMessage(error.message)
        : i18n.t("common:checkout.failed");
    lazyToast((toast) => toast.error(i18n.t("common:checkout.error"), { description }));
  } finally {
    // On success the browser is leaving for the checkout page: the buttons stay 'Processing'.
    if (!navigatedAway) setPending(false);
  }
  return navigatedAway;
}
