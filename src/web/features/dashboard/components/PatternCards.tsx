import { Radar } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  clusterTitle,
  policyGrievanceLink,
  type TCluster,
} from "../../../../shared/schemas/insights.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { useCan } from "../../../lib/session.ts";
import { useDismissInsight, useInsights } from "../api/insights.ts";

/**
 * The repeat-violation radar on the dashboard (issue 21): one card per pattern, for stewards
 * and admins only (members neither see nor fetch it).
 */
export function PatternCards() {
  const allowed = useCan("view:all_grievances");
  const insights = useInsights(allowed);
  if (!allowed || !insights.data || insights.data.length === 0) return null;
  return (
    <section aria-label="Patterns" className="space-y-3">
      {insights.data.map((c) => (
        <PatternCard key={c.id} cluster={c} />
      ))}
    </section>
  );
}

function PatternCard({ cluster: c }: { cluster: TCluster }) {
  const [open, setOpen] = useState(false);
  const dismiss = useDismissInsight();
  const listId = `pattern-${c.id}-cases`;
  const title = clusterTitle(c);
  return (
    <Card className="border-amber-400 dark:border-amber-700" data-testid="pattern">
      <CardContent className="space-y-3 p-4 sm:p-5">
        <p className="flex items-start gap-2 font-medium">
          <Radar
            aria-hidden
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
          />
          <span>{title}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            Open the cases
          </Button>
          <Button size="sm" asChild>
            <Link to={policyGrievanceLink(c)}>File a policy grievance</Link>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate(c.id)}
            aria-label={`Dismiss: ${title}`}
          >
            Dismiss
          </Button>
        </div>
        {open ? (
          <ul id={listId} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {c.grievanceIds.map((id) => (
              <li key={id}>
                <Link to={`/grievances/${id}`} className="text-primary hover:underline">
                  {id}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
