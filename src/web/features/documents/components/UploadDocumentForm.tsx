import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ACCEPTED_EXTENSIONS,
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  type DocumentCategory,
  DocumentMessages,
  ZDocumentFields,
} from "../../../../shared/schemas/documents.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { ApiError } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import type { UploadInput } from "../api/documents.ts";

type Errors = Partial<Record<"file" | "name" | "category", string>>;

const extensionOf = (fileName: string) => fileName.split(".").at(-1)?.toLowerCase() ?? "";
const withoutExtension = (fileName: string) => fileName.replace(/\.[^.]+$/, "");

/**
 * File, name and category, checked here with the server's own rules and messages (size and
 * extension too); the server then checks the content and has the last word.
 */
export function UploadDocumentForm({
  pending,
  onSubmit,
  onCancel,
}: {
  pending: boolean;
  onSubmit: (input: UploadInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation("documents");
  const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [nameTouched, setNameTouched] = useState(false);
  const [category, setCategory] = useState<DocumentCategory | "">("");
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function pick(picked: File | null) {
    setFile(picked);
    setErrors((e) => ({ ...e, file: undefined }));
    // The name starts as the file's name; once typed, it is the person's.
    if (picked && !nameTouched) setName(withoutExtension(picked.name));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next: Errors = {};
    if (!file) next.file = DocumentMessages.fileRequired;
    else if (file.size > DOCUMENT_MAX_BYTES) next.file = DocumentMessages.fileSize;
    else if (file.size === 0) next.file = DocumentMessages.fileEmpty;
    else if (!ACCEPTED_EXTENSIONS.includes(`.${extensionOf(file.name)}`))
      next.file = DocumentMessages.fileType;
    const fields = ZDocumentFields.safeParse({ name, category });
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const key = issue.path[0] as "name" | "category";
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (!file || !fields.success || Object.values(next).some(Boolean)) return;
    try {
      await onSubmit({ file, name: fields.data.name, category: fields.data.category });
    } catch (error) {
      if (error instanceof ApiError) {
        const { fields: serverFields } = error;
        if (error.status === 413 || error.status === 415) setErrors({ file: error.message });
        else if (serverFields) setErrors(serverFields as Errors);
        else setFailure(error.message);
      } else {
        setFailure(t("form.failed"));
      }
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      {failure ? <Alert tone="error">{translateMessage(failure)}</Alert> : null}
      <Field label={t("form.file")} error={message(errors.file)} hint={t("form.fileHint")}>
        <Input
          type="file"
          accept={ACCEPTED_EXTENSIONS.join(",")}
          className="h-auto py-2 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
        />
      </Field>
      <Field label={t("form.name")} error={message(errors.name)}>
        <Input
          value={name}
          maxLength={200}
          onChange={(e) => {
            setNameTouched(true);
            setName(e.target.value);
          }}
        />
      </Field>
      <Field label={t("category")} error={message(errors.category)}>
        <Select
          value={category}
          onChange={(e) => setCategory(e.target.value as DocumentCategory | "")}
        >
          <option value="">{t("form.chooseCategory")}</option>
          {DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("form.uploading") : t("form.upload")}
        </Button>
      </div>
    </form>
  );
}
