import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CONTACT_CHANNELS,
  type TContactChannel,
  type TContactInput,
  ZContactInput,
} from "../../shared/schemas/representation.ts";
import { Button } from "../components/ui/Button.tsx";
import { Field } from "../components/ui/Field.tsx";
import { Input } from "../components/ui/Input.tsx";
import { Select } from "../components/ui/Select.tsx";
import { Textarea } from "../components/ui/Textarea.tsx";
import { apiRequest } from "./api.ts";
import { grievanceDataKey } from "./query-keys.ts";
import { toast } from "./toast.ts";
import { toastError } from "./toast-error.ts";

/** A contact refreshes the grievance, the board and the dashboard (one data root). */
export function useLogContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TContactInput }) =>
      apiRequest<{ id: string }>(`/api/grievances/${encodeURIComponent(id)}/contacts`, {
        method: "POST",
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceDataKey }),
  });
}

/**
 * The contact form (issue 34), on the case and on the member's roster entry. `people` offers a
 * choice of grievant (a group grievance); `personId` names the one the roster entry is for.
 */
export function ContactForm({
  grievanceId,
  people = [],
  personId: fixedPersonId,
  onLogged,
  children,
}: {
  grievanceId: string;
  people?: { personId: string; name: string }[];
  personId?: string;
  onLogged?: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("grievances");
  const log = useLogContact();
  const [channel, setChannel] = useState<TContactChannel>("call");
  const [date, setDate] = useState("");
  const [summary, setSummary] = useState("");
  const [internal, setInternal] = useState(false);
  const [chosen, setChosen] = useState("");
  const [errors, setErrors] = useState<Partial<Record<keyof TContactInput, string>>>({});
  const personId = fixedPersonId ?? chosen;

  async function submit() {
    const input = { channel, date, summary, internal, ...(personId ? { personId } : {}) };
    // Checked here with the server's own schema, so every missing field is named at once under
    // it, before anything is sent (it was one toast per press, one field at a time).
    const checked = ZContactInput.safeParse(input);
    const found: typeof errors = {};
    for (const issue of checked.error?.issues ?? []) {
      const field = issue.path[0] as keyof TContactInput;
      found[field] ??= issue.message;
    }
    setErrors(found);
    if (!checked.success) return;
    try {
      await log.mutateAsync({ id: grievanceId, input });
      toast.success(t("contacts.logged"));
      setSummary("");
      setInternal(false);
      onLogged?.();
    } catch (e) {
      toastError(t("contacts.failed"), e);
    }
  }

  return (
    <div className="space-y-2">
      <div className="grid gap-2 sm:grid-cols-3">
        <Field label={t("contacts.channel")}>
          <Select value={channel} onChange={(e) => setChannel(e.target.value as TContactChannel)}>
            {CONTACT_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`contacts.channels.${c}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("contacts.date")} error={errors.date}>
          <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        {!fixedPersonId && people.length > 1 ? (
          <Field label={t("contacts.person")} error={errors.personId}>
            <Select value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{t("contacts.choose")}</option>
              {people.map((c) => (
                <option key={c.personId} value={c.personId}>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      <Field label={t("contacts.summary")} error={errors.summary}>
        <Textarea value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={2000} />
      </Field>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
        {t("contacts.internalBox")}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={log.isPending}>
          {t("contacts.log")}
        </Button>
        {children}
      </div>
    </div>
  );
}
