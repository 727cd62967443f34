import { useState } from "react";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import {
  CONTACT_CHANNELS,
  type TContactChannel,
} from "../../../../shared/schemas/representation.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { AskQuestion, QuestionItem } from "../../../lib/questions.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { representationRecordUrl, useLogContact } from "../api/representation-api.ts";
import { useWords } from "../lib/words.ts";

/**
 * Contacts with the grievants and their days since the last one (issue 34): stewards and
 * admins log a contact; a grievant sees their own, without an internal summary.
 */
export function ContactsPanel({ g, staff }: { g: TGrievance; staff: boolean }) {
  const { t } = useWords();
  const log = useLogContact();
  const [channel, setChannel] = useState<TContactChannel>("call");
  const [date, setDate] = useState("");
  const [summary, setSummary] = useState("");
  const [internal, setInternal] = useState(false);
  const [personId, setPersonId] = useState("");

  async function submit() {
    try {
      await log.mutateAsync({
        id: g.id,
        input: {
          channel,
          date,
          summary,
          internal,
          ...(personId ? { personId } : {}),
        },
      });
      toast.success(t("contacts.logged"));
      setSummary("");
      setInternal(false);
    } catch (e) {
      toastError(t("contacts.failed"), e);
    }
  }

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
          <div className="space-y-2 border-t pt-3">
            <div className="grid gap-2 sm:grid-cols-3">
              <Field label={t("contacts.channel")}>
                <Select
                  value={channel}
                  onChange={(e) => setChannel(e.target.value as TContactChannel)}
                >
                  {CONTACT_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {t(`contacts.channels.${c}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t("contacts.date")}>
                <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
              </Field>
              {g.grievantContacts.length > 1 ? (
                <Field label={t("contacts.person")}>
                  <Select value={personId} onChange={(e) => setPersonId(e.target.value)}>
                    <option value="">{t("contacts.choose")}</option>
                    {g.grievantContacts.map((c) => (
                      <option key={c.personId} value={c.personId}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
            </div>
            <Field label={t("contacts.summary")}>
              <Textarea
                value={summary}
                onChange={(e) => setSummary(e.target.value)}
                maxLength={2000}
              />
            </Field>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={internal}
                onChange={(e) => setInternal(e.target.checked)}
              />
              {t("contacts.internalBox")}
            </label>
            <div className="flex flex-wrap gap-2">
              <Button onClick={submit} disabled={log.isPending}>
                {t("contacts.log")}
              </Button>
              <a className="text-sm underline" href={representationRecordUrl(g.id)}>
                {t("contacts.record")}
              </a>
            </div>
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
