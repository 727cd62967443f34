import { Upload } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../../shared/i18n/format.ts";
import {
  ROSTER_IMPORT_FIELDS,
  type TRosterImportResult,
} from "../../../../shared/schemas/roster.ts";
import { Badge, type BadgeTone } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useRosterImport } from "../api/roster.ts";

const TONE: Record<string, BadgeTone> = {
  new: "green",
  update: "blue",
  unchanged: "gray",
  leave: "yellow",
  error: "red",
};
/** Rows shown in the preview at once: the errors first, then the rest. */
const SHOWN = 200;

/**
 * The roster import (issue 29, product-decisions.md 33): upload the employer's list, correct
 * the guessed mapping of its columns, read every row's fate, then apply (or sync) and invite.
 * Nothing is written before 'Apply'.
 */
export function ImportWizard({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("directory");
  const run = useRosterImport();
  const [file, setFile] = useState<File | null>(null);
  const [sync, setSync] = useState(false);
  const [invite, setInvite] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<TRosterImportResult | null>(null);
  const [done, setDone] = useState<TRosterImportResult | null>(null);
  const n = (value: number) => formatNumber(currentLanguage(), value);

  async function send(
    mode: "preview" | "apply" | "sync",
    withMapping: Record<string, string> | null,
  ) {
    const form = new FormData();
    if (preview) form.set("importId", preview.importId);
    else if (file) form.set("file", file);
    form.set("mode", mode);
    if (withMapping) form.set("mapping", JSON.stringify(withMapping));
    if (mode === "preview" && sync) form.set("sync", "true");
    if (mode !== "preview") form.set("invite", String(invite));
    try {
      const result = await run.mutateAsync(form);
      if (mode === "preview") {
        setPreview(result);
        setMapping(result.mapping);
      } else {
        setDone(result);
        toast.success(t("roster.import.applied"), {
          description: t("roster.import.appliedText", {
            added: n(result.counts.new),
            updated: n(result.counts.updated),
            left: n(result.counts.left),
            invited: n(result.invited),
          }),
        });
      }
    } catch (error) {
      toastError(t("roster.import.failed"), error);
    }
  }

  if (done) {
    return (
      <div className="space-y-4" data-testid="import-done">
        <p>
          {t("roster.import.appliedText", {
            added: n(done.counts.new),
            updated: n(done.counts.updated),
            left: n(done.counts.left),
            invited: n(done.invited),
          })}
        </p>
        <div className="flex justify-end">
          <Button onClick={onDone}>{t("roster.import.close")}</Button>
        </div>
      </div>
    );
  }

  const working = run.isPending ? (
    <div role="status" className="space-y-1">
      <progress className="h-2 w-full" aria-label={t("roster.import.working")} />
      <p className="text-sm text-muted-foreground">{t("roster.import.working")}</p>
    </div>
  ) : null;

  if (!preview) {
    return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) void send("preview", null);
        }}
      >
        <p className="text-sm text-muted-foreground">{t("roster.import.intro")}</p>
        <Field label={t("roster.import.file")} hint={t("roster.import.fileHint")}>
          <Input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={sync} onChange={(e) => setSync(e.target.checked)} />
          <span>{t("roster.import.sync")}</span>
        </label>
        {working}
        <div className="flex justify-end">
          <Button type="submit" disabled={!file || run.isPending}>
            <Upload aria-hidden /> {t("roster.import.upload")}
          </Button>
        </div>
      </form>
    );
  }

  const rows = [...preview.rows]
    .filter((r) => r.action !== "unchanged")
    .sort((a, b) => Number(b.action === "error") - Number(a.action === "error"))
    .slice(0, SHOWN);
  const lists = Object.entries(preview.newListValues).filter(([, values]) => values.length > 0);
  const counts = preview.counts;
  return (
    <div className="space-y-5">
      <section aria-labelledby="mapping-heading" className="space-y-3">
        <h3 id="mapping-heading" className="font-semibold">
          {t("roster.import.mappingTitle")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("roster.import.mappingHint")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          {ROSTER_IMPORT_FIELDS.map((field) => (
            <Field key={field} label={t(`roster.fields.${field}`)}>
              <Select
                value={mapping[field] ?? ""}
                onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value }))}
              >
                <option value="">{t("roster.import.notInFile")}</option>
                {preview.columns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
        {preview.mappingProblem ? (
          <p role="alert" className="text-sm text-destructive">
            {preview.mappingProblem}
          </p>
        ) : null}
        <Button
          variant="outline"
          disabled={run.isPending}
          onClick={() => void send("preview", mapping)}
        >
          {t("roster.import.previewAgain")}
        </Button>
      </section>

      <section aria-labelledby="preview-heading" className="space-y-3">
        <h3 id="preview-heading" className="font-semibold">
          {t("roster.import.previewTitle")}
        </h3>
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="import-counts">
          <li>
            <Badge tone="green">
              {t("roster.import.counts.new", { count: counts.new, n: n(counts.new) })}
            </Badge>
          </li>
          <li>
            <Badge tone="blue">
              {t("roster.import.counts.updated", { count: counts.updated, n: n(counts.updated) })}
            </Badge>
          </li>
          <li>
            <Badge>
              {t("roster.import.counts.unchanged", {
                count: counts.unchanged,
                n: n(counts.unchanged),
              })}
            </Badge>
          </li>
          <li>
            <Badge tone="yellow">
              {t("roster.import.counts.left", { count: counts.left, n: n(counts.left) })}
            </Badge>
          </li>
          <li>
            <Badge tone="red">
              {t("roster.import.counts.errors", { count: counts.errors, n: n(counts.errors) })}
            </Badge>
          </li>
        </ul>
        {lists.length > 0 ? (
          <div className="text-sm">
            <p className="font-medium">{t("roster.import.newValues")}</p>
            <ul className="list-inside list-disc text-muted-foreground">
              {lists.map(([list, values]) => (
                <li key={list}>
                  {t(`roster.import.lists.${list}`)}: {values.join(", ")}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {rows.length > 0 ? (
          <div className="max-h-80 overflow-auto rounded-md border border-border">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-muted">
                <tr>
                  <th className="px-3 py-2">{t("roster.import.row")}</th>
                  <th className="px-3 py-2">{t("roster.import.fate")}</th>
                  <th className="px-3 py-2">{t("roster.fields.name")}</th>
                  <th className="px-3 py-2">{t("roster.import.problems")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={`${r.row ?? "x"}-${r.personId ?? r.name}`}
                    className="border-t border-border align-top"
                  >
                    <td className="px-3 py-2 tabular-nums">{r.row ?? "—"}</td>
                    <td className="px-3 py-2">
                      <Badge tone={TONE[r.action]}>{t(`roster.import.actions.${r.action}`)}</Badge>
                    </td>
                    <td className="px-3 py-2">{r.name || "—"}</td>
                    <td className="px-3 py-2">
                      {r.errors.map((e) => (
                        <p key={`${e.column}-${e.message}`}>
                          {e.column ? <strong>{e.column}: </strong> : null}
                          {e.message}
                        </p>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={invite} onChange={(e) => setInvite(e.target.checked)} />
        <span>{t("roster.import.invite")}</span>
      </label>
      {working}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={run.isPending}>
          {t("roster.import.cancel")}
        </Button>
        <Button
          disabled={run.isPending || preview.mappingProblem !== null}
          onClick={() => void send(sync ? "sync" : "apply", mapping)}
        >
          {sync ? t("roster.import.applySync") : t("roster.import.apply")}
        </Button>
      </div>
    </div>
  );
}
