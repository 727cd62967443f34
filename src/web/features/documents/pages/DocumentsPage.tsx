import type { TFunction } from "i18next";
import {
  Download,
  Eye,
  FileImage,
  FileSpreadsheet,
  FileText,
  type LucideIcon,
  Trash2,
  Upload,
} from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { formatNumber } from "../../../../shared/i18n/format.ts";
import { type Language, LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  FILE_TYPES,
  type FileType,
  type TDocument,
} from "../../../../shared/schemas/documents.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { ListCard } from "../../../components/ui/ListCard.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { SearchInput } from "../../../components/ui/SearchInput.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { currentLanguage, translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { fullDate, timeAgo } from "../../../lib/relative-time.ts";
import { useCanWrite } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import {
  documentFileUrl,
  useDeleteDocument,
  useDocuments,
  useUploadDocument,
} from "../api/documents.ts";
import { UploadDocumentForm } from "../components/UploadDocumentForm.tsx";

const ICONS: Record<FileType, { icon: LucideIcon; className: string }> = {
  pdf: { icon: FileText, className: "text-red-600 dark:text-red-400" },
  doc: { icon: FileText, className: "text-blue-600 dark:text-blue-400" },
  docx: { icon: FileText, className: "text-blue-600 dark:text-blue-400" },
  xls: { icon: FileSpreadsheet, className: "text-green-700 dark:text-green-400" },
  xlsx: { icon: FileSpreadsheet, className: "text-green-700 dark:text-green-400" },
  png: { icon: FileImage, className: "text-purple-600 dark:text-purple-400" },
  jpg: { icon: FileImage, className: "text-purple-600 dark:text-purple-400" },
  gif: { icon: FileImage, className: "text-purple-600 dark:text-purple-400" },
  webp: { icon: FileImage, className: "text-purple-600 dark:text-purple-400" },
};

/** '512 bytes', '12 KB', '1.5 MB' in the reader's language. */
function fileSize(t: TFunction<"documents">, language: Language, bytes: number): string {
  if (bytes < 1024) return t("size.bytes", { count: bytes, number: formatNumber(language, bytes) });
  if (bytes < 1024 * 1024)
    return t("size.kb", { number: formatNumber(language, Math.round(bytes / 1024)) });
  const mb = new Intl.NumberFormat(LOCALE_TAG[language], {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
  return t("size.mb", { number: mb });
}

/** /documents: 'Document Library' (portal spec), for everyone with view:documents. */
export function DocumentsPage() {
  return (
    <RequirePermission permission="view:documents">
      <DocumentLibrary />
    </RequirePermission>
  );
}

function DocumentLibrary() {
  const { t } = useTranslation("documents");
  const language = currentLanguage();
  usePageTitle(t("title"));
  const canUpload = useCanWrite("upload:document");
  const canDelete = useCanWrite("delete:document");
  const [q, setQ] = useState("");
  const [category, setCategory] = useState<DocumentCategory | "">("");
  const search = useDebouncedValue(q);
  const list = useDocuments({ q: search, category });
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<TDocument | null>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("toast.deleted"), {
        description: t("toast.deletedText", { name: deleting.name }),
      });
      setDeleting(null);
    } catch (error) {
      toastError(t("toast.deleteFailed"), error);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={
          total === undefined
            ? "\u00a0"
            : t("count", { count: total, number: formatNumber(language, total) })
        }
        actions={
          canUpload ? (
            <Button onClick={() => setUploading(true)}>
              <Upload aria-hidden /> {t("upload.action")}
            </Button>
          ) : null
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          aria-label={t("category")}
          className="sm:w-56"
          value={category}
          onChange={(e) => setCategory(e.target.value as DocumentCategory | "")}
        >
          <option value="">{t("allCategories")}</option>
          {DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </Select>
      </div>

      {list.isError ? (
        <Alert tone="error">
          {t("loadFailed")}{" "}
          {list.error instanceof Error ? translateMessage(list.error.message) : ""}
        </Alert>
      ) : null}

      <ListCard count={items.length} loading={list.isPending} emptyMessage={t("empty")}>
        <ul className="divide-y divide-border" aria-label={t("listLabel")}>
          {items.map((doc) => (
            <DocumentRow
              key={doc.id}
              doc={doc}
              canDelete={canDelete}
              onDelete={() => setDeleting(doc)}
            />
          ))}
        </ul>
      </ListCard>

      <LoadMore query={list} />

      <Dialog open={uploading} onOpenChange={setUploading}>
        <DialogContent title={t("upload.title")} description={t("upload.description")}>
          <UploadDocumentForm
            pending={upload.isPending}
            onCancel={() => setUploading(false)}
            onSubmit={async (input) => {
              const doc = await upload.mutateAsync(input);
              toast.success(t("toast.uploaded"), {
                description: t("toast.uploadedText", { name: doc.name }),
              });
              setUploading(false);
            }}
          />
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t("delete.title", { name: deleting?.name ?? t("delete.document") })}
        description={t("delete.description")}
        confirmLabel={t("delete.action")}
        pendingLabel={t("delete.pending")}
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** `value` once it has stopped changing for `ms` (one search request per pause in typing). */
function DocumentRow({
  doc,
  canDelete,
  onDelete,
}: {
  doc: TDocument;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation("documents");
  const language = currentLanguage();
  const { icon: Icon, className } = ICONS[doc.fileType];
  const { label } = FILE_TYPES[doc.fileType];
  const extension = doc.fileType.toUpperCase();
  const name = t(`fileTypes.${label}`);
  const kind = label === extension ? name : `${name} · ${extension}`;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon aria-hidden className={`mt-0.5 size-8 shrink-0 ${className}`} />
        <div className="min-w-0 space-y-1">
          <p className="break-words font-medium">{doc.name}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <Badge tone={doc.tagColor}>
              {t(`categories.${doc.category}`, { defaultValue: doc.category })}
            </Badge>
            <span>
              {kind} · {fileSize(t, language, doc.size)}
            </span>
            <span>
              <Trans
                t={t}
                i18nKey="row.updated"
                values={{ ago: timeAgo(doc.updatedAt) }}
                components={{
                  time: <time dateTime={doc.updatedAt} title={fullDate(doc.updatedAt)} />,
                }}
              />
            </span>
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-11 sm:pl-0">
        <Button asChild variant="outline" size="sm">
          <a
            href={documentFileUrl(doc.id, false)}
            target="_blank"
            rel="noopener"
            aria-label={t("row.viewLabel", { name: doc.name })}
          >
            <Eye aria-hidden /> {t("row.view")}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a
            href={documentFileUrl(doc.id, true)}
            download
            aria-label={t("row.downloadLabel", { name: doc.name })}
          >
            <Download aria-hidden /> {t("row.download")}
          </a>
        </Button>
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("row.deleteLabel", { name: doc.name })}
            onClick={onDelete}
            className="text-destructive"
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
