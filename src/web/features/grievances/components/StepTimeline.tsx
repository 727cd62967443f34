import { Check, Circle, CircleDot } from "lucide-react";
import { useState } from "react";
import type { TAnswer, TDeadline, TDeadlineState } from "../../../../shared/schemas/grievances.ts";
import { Badge, type BadgeTone } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { dayCount, dayLabel, daysOverdue, KIND_LABEL, STATE_LABEL } from "../lib/deadline-words.ts";

const DECISION_LABEL: Record<TAnswer["decision"], string> = {
  denied: "Denied",
  partial: "Partly granted",
  granted: "Granted",
};

const STATE_TONE: Record<TDeadlineState, BadgeTone> = {
  open: "blue",
  met: "green",
  missed: "red",
  paused: "yellow",
};

/**
 * The grievance's way through the local's procedure: every step in order, with its deadlines
 * (due date, state, an extension's earlier date, days overdue in red) and the employer's
 * answers; the current step is highlighted. 'How was this computed?' shows each deadline's
 * explanation, line by line (product-decisions.md 27).
 */
export function StepTimeline({
  steps,
  currentStep,
  closed,
  deadlines,
  answers,
  today,
}: {
  steps: { index: number; name: string }[];
  currentStep: number;
  closed: boolean;
  deadlines: TDeadline[];
  answers: TAnswer[];
  today: string;
}) {
  const [explain, setExplain] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button
          variant="link"
          aria-expanded={explain}
          onClick={() => setExplain((v) => !v)}
          className="text-sm"
        >
          {explain ? "Hide how it was computed" : "How was this computed?"}
        </Button>
      </div>
      <ol className="space-y-3" aria-label="Steps">
        {steps.map((step) => {
          const done = step.index < currentStep || (closed && step.index === currentStep);
          const current = !closed && step.index === currentStep;
          const Icon = done ? Check : current ? CircleDot : Circle;
          const stepDeadlines = deadlines.filter((d) => d.step.index === step.index);
          const stepAnswers = answers.filter((a) => a.step.index === step.index);
          return (
            <li
              key={step.index}
              aria-current={current ? "step" : undefined}
              data-testid={`step-${step.index}`}
              className={cn(
                "flex gap-3 rounded-lg border p-3",
                current ? "border-primary bg-primary/5" : "border-border",
                !done && !current && "text-muted-foreground",
              )}
            >
              <Icon
                aria-hidden
                className={cn("mt-0.5 size-5 shrink-0", current && "text-primary")}
              />
              <div className="min-w-0 flex-1 space-y-2">
                <p className="font-medium">
                  {step.name} {current ? <Badge tone="blue">Current step</Badge> : null}
                  {done && !closed ? <span className="sr-only">(done)</span> : null}
                </p>
                {stepAnswers.map((a) => (
                  <p key={`${a.receivedOn}-${a.decision}`} className="text-sm">
                    Employer answered {dayLabel(a.receivedOn, today)}:{" "}
                    <span className="font-medium">{DECISION_LABEL[a.decision]}</span>
                    {a.text ? <span className="block whitespace-pre-wrap">{a.text}</span> : null}
                  </p>
                ))}
                {stepDeadlines.length > 0 ? (
                  <ul className="space-y-2">
                    {stepDeadlines.map((d) => (
                      <DeadlineRow key={d.id} deadline={d} today={today} explain={explain} />
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function DeadlineRow({
  deadline: d,
  today,
  explain,
}: {
  deadline: TDeadline;
  today: string;
  explain: boolean;
}) {
  const late = daysOverdue(d, today);
  return (
    <li className="text-sm" data-testid={`deadline-${d.kind}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>{KIND_LABEL[d.kind]}:</span>
        <span className={cn("font-medium", late > 0 && "text-red-700 dark:text-red-400")}>
          due {dayLabel(d.dueDate, today)}
        </span>
        {d.extendedFrom ? (
          <span className="text-muted-foreground">
            (extended from <s>{dayLabel(d.extendedFrom, today)}</s>)
          </span>
        ) : null}
        {late > 0 ? (
          <Badge tone="red">{dayCount(late)} overdue</Badge>
        ) : (
          <Badge tone={STATE_TONE[d.state]}>{STATE_LABEL[d.state]}</Badge>
        )}
      </div>
      {explain ? (
        <ul
          className="mt-1 space-y-0.5 border-l-2 border-border pl-3 text-xs text-muted-foreground"
          aria-label={`How the ${KIND_LABEL[d.kind].toLowerCase()} deadline was computed`}
        >
          {d.explanation.map((line, i) => (
            // Lines can repeat (two skipped weekends read alike), so the position is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
