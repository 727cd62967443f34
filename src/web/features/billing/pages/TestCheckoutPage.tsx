import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { chargeSummary } from "../../../../shared/charges.ts";
import { BillingMessages, type TTestCheckout } from "../../../../shared/schemas/billing.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { ChargeBreakdown } from "../../../components/ui/ChargeBreakdown.tsx";
import { Spinner } from "../../../components/ui/Spinner.tsx";
import { i18n, translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useFinishTestCheckout, useTestCheckout } from "../api.ts";
import { cycleLabel, formatDate, formatDollars } from "../format.ts";

type Line = TTestCheckout["lineItems"][number];

/** '$290/year', '$50/month for 12 months', '$3,500 one-time'. */
function lineAmount(line: Line): string {
  const amount = formatDollars(line.amount);
  if (line.interval === "month")
    return line.months
      ? i18n.t("billing:checkout.perMonthFor", { amount, count: line.months })
      : i18n.t("billing:checkout.perMonth", { amount });
  if (line.interval === "year") return i18n.t("billing:checkout.perYear", { amount });
  return i18n.t("billing:checkout.oneTime", { amount });
}

/**
 * The built-in checkout when Stripe is not configured (product-decisions.md 21): the same session,
 * completed or cancelled here instead of on Stripe's page. Like Stripe's, it says what is due
 * today: nothing for a trial (then the price after it), else the total.
 */
export function TestCheckoutPage() {
  const { t } = useTranslation("billing");
  usePageTitle(t("checkout.pageTitle"));
  const { id = "" } = useParams();
  const checkout = useTestCheckout(id);
  const finish = useFinishTestCheckout(id);
  const busy = finish.isPending || finish.isSuccess;
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <Alert tone="warning">
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical aria-hidden className="size-4" />{" "}
          {translateMessage(BillingMessages.testMode)}
        </p>
        <p className="text-sm">{t("checkout.standIn")}</p>
      </Alert>
      {checkout.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {t("checkout.loading")}
        </p>
      ) : checkout.isError ? (
        <Alert tone="error">{checkout.error.message}</Alert>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{checkout.data.planName}</CardTitle>
            <CardDescription>
              {checkout.data.trialDays
                ? t("checkout.billedAfterTrial", {
                    cycle: cycleLabel(checkout.data.billingCycle),
                    days: checkout.data.trialDays,
                  })
                : t("checkout.billed", { cycle: cycleLabel(checkout.data.billingCycle) })}
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <ul className="divide-y divide-border rounded-lg border border-border">
              {checkout.data.lineItems.map((line) => (
                <li
                  key={line.name}
                  className="flex flex-col gap-0.5 px-3 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4"
                >
                  <span>{line.name}</span>
                  <span className="font-medium sm:whitespace-nowrap sm:text-right">
                    {lineAmount(line)}
                  </span>
                </li>
              ))}
            </ul>
            <DueToday checkout={checkout.data} />
            {finish.isError ? <Alert tone="error">{finish.error.message}</Alert> : null}
            {checkout.data.status === "open" ? (
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" disabled={busy} onClick={() => finish.mutate("cancel")}>
                  {t("checkout.cancel")}
                </Button>
                <Button disabled={busy} onClick={() => finish.mutate("complete")}>
                  {busy
                    ? t("checkout.processing")
                    : checkout.data.trialDays
                      ? t("checkout.startTrial")
                      : t("checkout.pay")}
                </Button>
              </div>
            ) : (
              <Alert tone="info">
                {checkout.data.status === "canceled"
                  ? t("checkout.alreadyCanceled")
                  : t("checkout.alreadyComplete")}
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/**
 * What is due today, from the same function the server charged by (chargeSummary): the named
 * amounts, their total, and what follows; for a trial, when the first charge comes.
 */
function DueToday({ checkout }: { checkout: TTestCheckout }) {
  const charges = chargeSummary(checkout.lineItems, checkout.trialDays);
  const recurring = checkout.lineItems.filter((l) => l.interval !== null);
  const trialNote =
    checkout.trialEndsAt && recurring.length
      ? i18n.t("billing:checkout.trialNote", {
          amounts: recurring.map(lineAmount).join(" + "),
          date: formatDate(checkout.trialEndsAt),
        })
      : undefined;
  return <ChargeBreakdown charges={charges} note={trialNote} />;
}
