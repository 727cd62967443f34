import { Banknote, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { TDashboardStats } from "../../../../shared/schemas/grievances.ts";
import { Card, CardContent } from "../../../components/ui/card.tsx";

const money = (cents: number, currency: string) => {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
};

/**
 * Stewards and admins (issue 19): this year's grievances won or settled (granted, settled, won
 * at arbitration) and the back pay recovered (money remedies confirmed received).
 */
export function OutcomesCard({ outcomes }: { outcomes: NonNullable<TDashboardStats["outcomes"]> }) {
  return (
    <Card data-testid="outcomes-card">
      <CardContent className="grid grid-cols-2 gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
            <span>Won or settled in {outcomes.year}</span>
            <Trophy aria-hidden className="size-4 shrink-0" />
          </div>
          <p className="text-3xl font-bold" data-testid="stat-won-or-settled">
            {outcomes.wonOrSettled}
          </p>
          <Link to="/grievances?status=resolved" className="text-sm text-primary hover:underline">
            View resolved
          </Link>
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
            <span>Back pay recovered in {outcomes.year}</span>
            <Banknote aria-hidden className="size-4 shrink-0" />
          </div>
          <p className="text-3xl font-bold" data-testid="stat-back-pay">
            {money(outcomes.backPayCents, outcomes.currency)}
          </p>
          <p className="text-xs text-muted-foreground">Remedies confirmed received.</p>
        </div>
      </CardContent>
    </Card>
  );
}
