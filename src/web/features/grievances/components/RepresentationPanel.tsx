import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { ContactForm } from "../../../lib/ContactForm.tsx";
import { AskQuestion, QuestionItem } from "../../../lib/Questions.tsx";
import { representationRecordUrl } from "../api/representation-api.ts";
import { useWords } from "../lib/words.ts";

/**
 * Contacts with the grievants and their days since the last one (issue 34): stewards and
 * admins log a contact; a grievant sees their own, without an internal summary.
 */
export function ContactsPanel({ g, staff }: { g: TGrievance; staff: boolean }) {
  const { t } = useWords();
  return (
    <Card data-testid="contacts">
      <CardHeader>
        <CardTitle>{t("contacts.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {g.grievantContacts.map((c) => (
          <p key={c.personId} data-testid="contact-clock">
            {t("contacts.clock", { name: c.name, n: c.daysSinceContact ?? 0 })}{" "}
            {c.overdue ? <Badge tone="red">{t("contacts.overdue")}</Badge> : null}
          </p>
        ))}
        <ul className="space-y-2">
          {g.contacts.map((c) => (
            <li key={c.id}>
              <span className="font-medium">
                {t("contacts.line", {
                  date: c.date,
                  channel: t(`contacts.channels.${c.channel}`),
                  name: c.personName,
                })}
              </span>
              {c.summary !== null ? (
                <span className="block whitespace-pre-wrap text-muted-foreground">
                  {c.internal ? t("contacts.internal", { text: c.summary }) : c.summary}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {staff && g.status !== "resolved" ? (
          <div className="border-t pt-3">
            <ContactForm grievanceId={g.id} people={g.grievantContacts}>
              <a className="text-sm underline" href={representationRecordUrl(g.id)}>
                {t("contacts.record")}
              </a>
            </ContactForm>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The case's questions: the grievant asks, stewards reply. */
export function QuestionsPanel({ g, staff }: { g: TGrievance; staff: boolean }) {
  const { t } = useWords();
  return (
    <Card data-testid="questions">
      <CardHeader>
        <CardTitle>{t("questions.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {g.questions.length === 0 ? (
          <p className="text-muted-foreground">{t("questions.none")}</p>
        ) : (
          <ul className="space-y-3">
            {g.questions.map((q) => (
              <QuestionItem key={q.id} q={q} staff={staff} />
            ))}
          </ul>
        )}
        {g.isGrievant ? <AskQuestion grievanceId={g.id} /> : null}
      </CardContent>
    </Card>
  );
}
