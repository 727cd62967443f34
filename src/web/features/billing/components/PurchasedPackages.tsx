import { ClipboardList } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { chargeItemsLabel } from "../../../../shared/charges.ts";
import type { TPurchasedPackage } from "../../../../shared/schemas/billing.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { formatDate, formatDollars } from "../format.ts";

/** The billing page's list of website packages the organization has bought. */
export function PurchasedPackages({ packages }: { packages: TPurchasedPackage[] }) {
  const { t } = useTranslation("billing");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("packages.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {packages.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("packages.none")}{" "}
            <Link to="/website-packages" className="text-primary underline underline-offset-2">
              {t("packages.see")}
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
                    {t("packages.paid", {
                      amount: formatDollars(p.charges.dueToday),
                      items: chargeItemsLabel(p.charges.today),
                    })}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {p.addOns.length ? t("packages.with", { addOns: p.addOns.join(", ") }) : ""}
                    {t("packages.bought", { date: formatDate(p.purchasedAt) })}
                  </p>
                </div>
                <Link
                  to={p.setupRoute}
                  className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-primary hover:underline"
                >
                  <ClipboardList aria-hidden className="size-4" /> {t("packages.setup")}
                  <span className="sr-only">{t("packages.setupFor", { name: p.name })}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
