import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TRosterPerson } from "../../../../shared/schemas/roster.ts";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { ContactForm } from "../../../lib/ContactForm.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { personGrievancesQuery } from "../queries.ts";

/**
 * 'Log contact' from a roster entry (issue 34): the person's open grievances to choose from,
 * then the case's own contact form, for this person.
 */
export function LogContact({ person, onDone }: { person: TRosterPerson; onDone: () => void }) {
  const { t } = useTranslation("directory");
  const defaults = useDefaults();
  const cases = useQuery(personGrievancesQuery(person.id));
  const [chosen, setChosen] = useState("");
  if (cases.isPending) return <LoadingScreen label={t("roster.contact.loading")} />;
  if (cases.isError) return <p className="text-destructive">{t("roster.contact.loadFailed")}</p>;
  const items = cases.data.items;
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">{t("roster.contact.none")}</p>;
  const grievanceId = items.length === 1 ? items[0]?.id : chosen;
  return (
    <div className="space-y-4 text-sm">
      <Field label={t("roster.contact.case")}>
        <Select
          value={grievanceId ?? ""}
          onChange={(e) => setChosen(e.target.value)}
          disabled={items.length === 1}
        >
          {items.length > 1 ? <option value="">{t("roster.contact.choose")}</option> : null}
          {items.map((g) => (
            <option key={g.id} value={g.id}>
              {t("roster.contact.option", {
                id: g.id,
                subject: g.subject,
                step: defaults.step(g.stepName),
              })}
            </option>
          ))}
        </Select>
      </Field>
      {grievanceId ? (
        <ContactForm
          key={grievanceId}
          grievanceId={grievanceId}
          personId={person.id}
          onLogged={onDone}
        />
      ) : null}
    </div>
  );
}
