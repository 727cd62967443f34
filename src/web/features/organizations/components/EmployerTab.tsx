import { Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TEmployerContact } from "../../../../shared/schemas/employer.ts";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { IconButton } from "../../../components/ui/IconButton.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { ApiError } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useDeleteContact, useEmployerContacts, useSaveContact } from "../api/employer-contacts.ts";

const EMPTY = { name: "", title: "", email: "" };

/** A server's field message (English, keyed in the messages catalogue) in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

/** Organization Setup, Employer tab: the representatives grievances are served on (issue 20). */
export function EmployerTab() {
  const { t } = useTranslation("organizations");
  const contacts = useEmployerContacts();
  const save = useSaveContact();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      await save.mutateAsync({ id: editing ?? undefined, input: form });
      toast.success(editing ? t("employer.saved") : t("employer.added"), {
        description: form.name,
      });
      setForm(EMPTY);
      setEditing(null);
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else toastError(t("employer.saveFailed"), error);
    }
  }

  function edit(c: TEmployerContact) {
    setEditing(c.id);
    setForm({ name: c.name, title: c.title, email: c.email });
    setErrors({});
  }

  async function drop(c: TEmployerContact) {
    try {
      await remove.mutateAsync(c.id);
      toast.success(t("employer.removed"), { description: c.name });
    } catch (error) {
      toastError(t("employer.removeFailed"), error);
    }
  }

  const list = contacts.data ?? [];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{t("employer.title")}</CardTitle>
          <CardDescription>{t("employer.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("employer.none")}</p>
          ) : (
            <ul className="divide-y divide-border">
              {list.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {c.name}
                      {c.title ? <span className="text-muted-foreground">, {c.title}</span> : null}
                    </p>
                    <p className="truncate text-sm text-muted-foreground">{c.email}</p>
                  </div>
                  <div className="flex shrink-0">
                    <IconButton
                      label={t("employer.edit", { name: c.name })}
                      icon={Pencil}
                      onClick={() => edit(c)}
                    />
                    <IconButton
                      label={t("employer.remove", { name: c.name })}
                      icon={Trash2}
                      onClick={() => drop(c)}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{editing ? t("employer.editTitle") : t("employer.addTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4 sm:grid-cols-3" onSubmit={submit} noValidate>
            <Field label={t("employer.name")} error={message(errors.name)}>
              <Input
                value={form.name}
                maxLength={120}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
            </Field>
            <Field label={t("employer.jobTitle")} error={message(errors.title)}>
              <Input
                value={form.title}
                maxLength={120}
                onChange={(e) => setForm({ ...form, title: e.target.value })}
              />
            </Field>
            <Field label={t("employer.email")} error={message(errors.email)}>
              <Input
                type="email"
                value={form.email}
                maxLength={254}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </Field>
            <div className="flex gap-2 sm:col-span-3 sm:justify-end">
              {editing ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setEditing(null);
                    setForm(EMPTY);
                    setErrors({});
                  }}
                >
                  {t("employer.cancel")}
                </Button>
              ) : null}
              <Button type="submit" disabled={save.isPending}>
                {editing ? t("employer.save") : t("employer.add")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
