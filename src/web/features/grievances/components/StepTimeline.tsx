import { Check, Circle, CircleDot } from "lucide-react";
import { useState } from "react";
import { Trans } from "react-i18next";
import type { TAnswer, TDeadline, TDeadlineState } from "../../../../shared/schemas/grievances.ts";
import { Badge, type BadgeTone } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useLineText } from "../../../lib/line-text.ts";
import { dayCount, dayLabel, daysOverdue, kindLabel, stateLabel } from "../lib/deadline-words.ts";
import { useWords } from "../lib/words.ts";

const STATE_TONE: Record<TDeadlineState, BadgeTone> = {
  open: "blue",
  met: "green",
  missed: "red",
  paused: "yellow",
  closed: "gray",
};

/**
 * The grievance's way through the local's procedure: every step in order, with its deadlines
 * (due date, state, an extension's earlier date, days overdue in red) and the employer's
 * answers; the current step is highlighted. 'How was this computed?' shows each deadline's
 * explanation, line by line (product-decisions.md 27), in the reader's language
 * (shared/i18n/render-line.ts: each line is stored as a kind with its parameters).
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
  const { t, language } = useWords();
  const lineText = useLineText();
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
          {explain ? t("timeline.hide") : t("timeline.show")}
        </Button>
      </div>
      <ol className="space-y-3" aria-label={t("timeline.steps")}>
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
                  {step.name} {current ? <Badge tone="blue">{t("timeline.current")}</Badge> : null}
                  {done && !closed ? <span className="sr-only">{t("timeline.done")}</span> : null}
                </p>
                {stepAnswers.map((a) => (
                  <p key={`${a.receivedOn}-${a.decision}`} className="text-sm">
                    {t("timeline.answered", { day: dayLabel(a.receivedOn, today, language) })}{" "}
                    <span className="font-medium">{t(`decision.${a.decision}`)}</span>
                    {a.line || a.text ? (
                      // The employer's words, or the server's ('No answer by ...: deemed denied').
                      <span className="block whitespace-pre-wrap">
                        {a.line ? lineText(a.line) : a.text}
                      </span>
                    ) : null}
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
  const { t, language } = useWords();
  const lineText = useLineText();
  const late = daysOverdue(d, today);
  return (
    <li className="text-sm" data-testid={`deadline-${d.kind}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>{t("timeline.kind", { kind: kindLabel(d.kind, t) })}</span>
        <span className={cn("font-medium", late > 0 && "text-red-700 dark:text-red-400")}>
          {t("timeline.due", { day: dayLabel(d.dueDate, today, language) })}
        </span>
        {d.extendedFrom ? (
          <span className="text-muted-foreground">
            <Trans
              ns="grievances"
              i18nKey="timeline.extendedFrom"
              values={{ day: dayLabel(d.extendedFrom, today, language) }}
              components={{ s: <s /> }}
            />
          </span>
        ) : null}
        {late > 0 ? (
          <Badge tone="red">{t("deadline.overdue", { days: dayCount(late, t) })}</Badge>
        ) : (
          <Badge tone={STATE_TONE[d.state]}>{stateLabel(d.state, t)}</Badge>
        )}
      </div>
      {explain ? (
        <ul
          className="mt-1 space-y-0.5 border-l-2 border-border pl-3 text-xs text-muted-foreground"
          aria-label={t("timeline.explainLabel", { kind: kindLabel(d.kind, t).toLowerCase() })}
        >
          {d.lines.map((line, i) => (
            // Lines can repeat (two skipped weekends read alike), so the position is the key.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list
            <li key={i}>{lineText(line)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
