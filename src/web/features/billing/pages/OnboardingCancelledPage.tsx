import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

/** /onboarding/cancelled: nothing was charged; the way back to the plans. */
export function OnboardingCancelledPage() {
  usePageTitle("Payment cancelled");
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <CardTitle>Payment cancelled</CardTitle>
          <CardDescription>
            Nothing was charged. You can choose a plan again any time.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/home#pricing">Try again</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to dashboard</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
