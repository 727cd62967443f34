import { Upload } from "lucide-react";
import { useState } from "react";
import {
  GRIEVANCE_IMPORT_FIELDS,
  type TGrievanceImportResult,
} from "../../../../shared/schemas/grievance-import.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useHistoryImport } from "../api/history-api.ts";
import { useWords } from "../lib/words.ts";

/**
 * The local's grievance history from its spreadsheet (issue 29): upload, correct the guessed
 * columns, read each row's fate (bad rows by row and column), then apply. Nothing is written
 * before 'Apply'; applying the same file again changes nothing.
 */
export function HistoryImport({ onDone }: { onDone: () => void }) {
  const { t } = useWords();
  const run = useHistoryImport();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<TGrievanceImportResult | null>(null);

  async function send(mode: "preview" | "apply", withMapping: Record<string, string> | null) {
    const form = new FormData();
    if (preview) form.set("importId", preview.importId);
    else if (file) form.set("file", file);
    form.set("mode", mode);
    if (withMapping) form.set("mapping", JSON.stringify(withMapping));
    try {
      const result = await run.mutateAsync(form);
      if (mode === "preview") {
        setPreview(result);
        setMapping(result.mapping);
        return;
      }
      toast.success(t("history.applied"), {
        description: t("history.appliedText", { count: result.counts.new }),
      });
      onDone();
    } catch (error) {
      toastError(t("history.failed"), error);
    }
  }

  const working = run.isPending ? (
    <div role="status" className="space-y-1">
      <progress className="h-2 w-full" aria-label={t("history.working")} />
      <p className="text-sm text-muted-foreground">{t("history.working")}</p>
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
        <Field label={t("history.file")} hint={t("history.fileHint")}>
          <Input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {working}
        <div className="flex justify-end">
          <Button type="submit" disabled={!file || run.isPending}>
            <Upload aria-hidden /> {t("history.upload")}
          </Button>
        </div>
      </form>
    );
  }

  const bad = preview.rows.filter((r) => r.action === "error");
  return (
    <div className="space-y-5">
      <section aria-labelledby="history-mapping" className="space-y-3">
        <h3 id="history-mapping" className="font-semibold">
          {t("history.columns")}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {GRIEVANCE_IMPORT_FIELDS.map((field) => (
            <Field key={field} label={t(`history.fields.${field}`)}>
              <Select
                value={mapping[field] ?? ""}
                onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value }))}
              >
                <option value="">{t("history.notInFile")}</option>
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
          {t("history.previewAgain")}
        </Button>
      </section>
      <section aria-labelledby="history-preview" className="space-y-3">
        <h3 id="history-preview" className="font-semibold">
          {t("history.previewTitle")}
        </h3>
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="history-counts">
          <li>
            <Badge tone="green">{t("history.counts.new", { count: preview.counts.new })}</Badge>
          </li>
          <li>
            <Badge>{t("history.counts.unchanged", { count: preview.counts.unchanged })}</Badge>
          </li>
          <li>
            <Badge tone="red">{t("history.counts.errors", { count: preview.counts.errors })}</Badge>
          </li>
        </ul>
        {bad.length > 0 ? (
          <ul className="max-h-64 space-y-1 overflow-auto rounded-md border border-border p-3 text-sm">
            {bad.slice(0, 200).map((r) => (
              <li key={r.row}>
                <strong>{t("history.row", { row: r.row })}</strong>{" "}
                {r.errors
                  .map((e) => (e.column ? `${e.column}: ${e.message}` : e.message))
                  .join(" ")}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {working}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={run.isPending}>
          {t("history.cancel")}
        </Button>
        <Button
          disabled={run.isPending || preview.mappingProblem !== null}
          onClick={() => void send("apply", mapping)}
        >
          {t("history.apply")}
        </Button>
      </div>
    </div>
  );
}
