import { useState } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import type { Language } from "../../../../shared/i18n/languages.ts";
import type { TService } from "../../../../shared/schemas/employer.ts";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useEmployerContacts, useServe, useServices } from "../api/service-api.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

const when = (language: Language, iso: string | null, none: string) =>
  iso
    ? formatDate(language, iso, {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
      })
    : none;

/**
 * Service on the employer (issue 20), stewards and admins: 'Serve on employer' while the
 * step's answer is awaited, and every service record, newest first (earlier ones stay).
 */
export function ServicePanel({ g }: { g: TGrievance }) {
  const { t } = useWords();
  const services = useServices(g.id);
  const [open, setOpen] = useState(false);
  const canServe = g.actions.includes("respond");
  const items = services.data ?? [];
  if (!canServe && items.length === 0) return null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("service.title")}</CardTitle>
        {canServe ? (
          <Button variant="outline" onClick={() => setOpen(true)}>
            {t("service.serve")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("service.notServed")}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((s) => (
              <ServiceRecord key={s.id} s={s} />
            ))}
          </ul>
        )}
      </CardContent>
      <ServeDialog
        grievanceId={g.id}
        stepName={g.step.name}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}

function ServiceRecord({ s: raw }: { s: TService }) {
  const { t, language } = useWords();
  const defaults = useDefaults();
  const s = { ...raw, step: { ...raw.step, name: defaults.step(raw.step.name) } };
  const rows: [string, string][] = [
    [
      t("service.served"),
      t("service.servedBy", { when: when(language, s.servedAt, ""), by: s.servedBy }),
    ],
    [t("service.mailAccepted"), when(language, s.mailAcceptedAt, t("service.waitingMail"))],
    [t("service.firstOpened"), when(language, s.openedAt, t("service.notOpened"))],
    [t("service.answered"), when(language, s.answeredAt, t("service.notAnswered"))],
  ];
  return (
    <li
      className="rounded-md border border-border p-3 text-sm"
      aria-label={t("service.recordLabel", { name: s.contact.name, step: s.step.name })}
      data-testid="service-record"
    >
      <p className="font-medium">
        {t("service.heading", { step: s.step.name, name: s.contact.name })}
        {s.contact.title ? `, ${s.contact.title}` : ""} ({s.contact.email})
        {s.active ? "" : ` · ${t("service.linkClosed")}`}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
        {/* i18n-ignore: the name of the hash algorithm, the same in every language */}
        <dt className="text-muted-foreground">SHA-256</dt>
        <dd className="break-all font-mono text-xs">{s.sha256}</dd>
      </dl>
    </li>
  );
}

function ServeDialog({
  grievanceId,
  stepName,
  open,
  onClose,
}: {
  grievanceId: string;
  stepName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useWords();
  const contacts = useEmployerContacts(open);
  const serve = useServe();
  const [contactId, setContactId] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string>();
  const list = contacts.data ?? [];
  const chosen = contactId || list[0]?.id || "";

  async function submit() {
    if (!chosen) {
      setError(t("service.chooseWhom"));
      return;
    }
    try {
      await serve.mutateAsync({
        id: grievanceId,
        input: { contactId: chosen, message: message.trim() || undefined },
      });
      const who = list.find((c) => c.id === chosen);
      toast.success(t("service.done"), {
        description: t("service.doneText", {
          id: grievanceId,
          name: who?.name ?? t("service.theEmployer"),
        }),
      });
      setMessage("");
      setError(undefined);
      onClose();
    } catch (e) {
      toastError(t("service.failed"), e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("service.serve")}
      description={t("service.description", { id: grievanceId, step: stepName })}
      submitLabel={t("service.submit")}
      pending={serve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {contacts.isSuccess && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("service.noContacts")}</p>
      ) : (
        <Field label={t("service.serveOn")} error={error}>
          <Select value={chosen} onChange={(e) => setContactId(e.target.value)}>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
                {c.title ? `, ${c.title}` : ""} ({c.email})
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t("service.message")}>
        <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
