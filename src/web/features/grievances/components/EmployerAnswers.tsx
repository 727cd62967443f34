import type { TAnswer } from "../../../../shared/schemas/grievances.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { useLineText } from "../../../lib/line-text.ts";
import { dayLabel } from "../lib/deadline-words.ts";
import { useWords } from "../lib/words.ts";

/**
 * The employer's answers as the grievant reads them (product-decisions.md 28; issue 30): the
 * step, the day received, the decision in words and the employer's written answer. Stewards
 * read the same in the procedure's timeline.
 */
export function EmployerAnswers({ answers, today }: { answers: TAnswer[]; today: string }) {
  const { t, language } = useWords();
  const lineText = useLineText();
  if (answers.length === 0) return null;
  return (
    <Card data-testid="employer-answers">
      <CardHeader>
        <CardTitle>{t("answers.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {answers.map((a) => (
            <li key={`${a.step.index}-${a.receivedOn}`} className="space-y-1 text-sm">
              <p>
                {t("answers.line", {
                  step: a.step.name,
                  day: dayLabel(a.receivedOn, today, language),
                })}{" "}
                <span className="font-medium">{t(`decision.${a.decision}`)}</span>
              </p>
              {a.line || a.text ? (
                <blockquote className="whitespace-pre-wrap break-words border-l-2 pl-3 text-muted-foreground">
                  {a.line ? lineText(a.line) : a.text}
                </blockquote>
              ) : (
                <p className="text-muted-foreground">{t("answers.noText")}</p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
