import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { chargeItemsLabel } from "../../../../shared/charges.ts";
import { formatUsd } from "../../../../shared/price-math.ts";
import type { TPurchasedPackage } from "../../../../shared/schemas/billing.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { formatDate } from "../format.ts";

/** The billing page's list of website packages the organization has bought. */
export function PurchasedPackages({ packages }: { packages: TPurchasedPackage[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Website packages</CardTitle>
      </CardHeader>
      <CardContent>
        {packages.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No website packages yet.{" "}
            <Link to="/website-packages" className="text-primary underline underline-offset-2">
              See the packages
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-border" data-testid="website-packages">
            {packages.map((p) => (
              <li
                key={p.sessionId}
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{p.name}</p>
                  <p className="text-sm">
                    {p.paymentOption}: {p.payment}
                  </p>
                  <p className="text-sm" data-testid="package-paid">
                    {`Paid at purchase ${formatUsd(p.charges.dueToday)} (${chargeItemsLabel(p.charges.today)})`}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {p.addOns.length ? `With ${p.addOns.join(", ")}. ` : ""}
                    Bought {formatDate(p.purchasedAt)}
                  </p>
                </div>
                <Link
                  to={p.setupRoute}
                  className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary hover:underline"
                >
                  <ClipboardList aria-hidden className="size-4" /> Set-up details
                  <span className="sr-only"> for {p.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
