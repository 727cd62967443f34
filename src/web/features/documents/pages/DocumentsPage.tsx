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
import { toast } from "sonner";
import { countOf } from "../../../../shared/plural.ts";
import {
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  FILE_TYPES,
  type FileType,
  formatFileSize,
  type TDocument,
} from "../../../../shared/schemas/documents.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { ListCard } from "../../../components/ui/list-card.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { fullDate, timeAgo } from "../../../lib/relative-time.ts";
import { useCanWrite } from "../../../lib/session.ts";
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

/** /documents: 'Document Library' (portal spec), for everyone with view:documents. */
export function DocumentsPage() {
  return (
    <RequirePermission permission="view:documents">
      <DocumentLibrary />
    </RequirePermission>
  );
}

function DocumentLibrary() {
  usePageTitle("Document Library");
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
      toast.success("Document deleted", { description: `${deleting.name} was removed.` });
      setDeleting(null);
    } catch (error) {
      toastError("Could not delete the document", error);
    }
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Document Library"
        subtitle={total === undefined ? "\u00a0" : countOf(total, "document")}
        actions={
          canUpload ? (
            <Button onClick={() => setUploading(true)}>
              <Upload aria-hidden /> Upload Document
            </Button>
          ) : null
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label="Search documents by name"
          placeholder="Search documents"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          aria-label="Category"
          className="sm:w-56"
          value={category}
          onChange={(e) => setCategory(e.target.value as DocumentCategory | "")}
        >
          <option value="">All categories</option>
          {DOCUMENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      </div>

      {list.isError ? (
        <Alert tone="error">
          The documents could not be loaded. {list.error instanceof Error ? list.error.message : ""}
        </Alert>
      ) : null}

      <ListCard
        count={items.length}
        loading={list.isPending}
        emptyMessage="No documents found matching your search criteria."
      >
        <ul className="divide-y divide-border" aria-label="Documents">
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
        <DialogContent
          title="Upload Document"
          description="Everyone in your organization will be able to view and download it."
        >
          <UploadDocumentForm
            pending={upload.isPending}
            onCancel={() => setUploading(false)}
            onSubmit={async (input) => {
              const doc = await upload.mutateAsync(input);
              toast.success("Document uploaded", { description: `${doc.name} is in the library.` });
              setUploading(false);
            }}
          />
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "document"}?`}
        description="The file is removed from the library for everyone in your organization."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
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
  const { icon: Icon, className } = ICONS[doc.fileType];
  const { label } = FILE_TYPES[doc.fileType];
  const extension = doc.fileType.toUpperCase();
  const kind = label === extension ? label : `${label} · ${extension}`;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon aria-hidden className={`mt-0.5 size-8 shrink-0 ${className}`} />
        <div className="min-w-0 space-y-1">
          <p className="break-words font-medium">{doc.name}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <Badge tone={doc.tagColor}>{doc.category}</Badge>
            <span>
              {kind} · {formatFileSize(doc.size)}
            </span>
            <span>
              Updated{" "}
              <time dateTime={doc.updatedAt} title={fullDate(doc.updatedAt)}>
                {timeAgo(doc.updatedAt)}
              </time>
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
            aria-label={`View ${doc.name}`}
          >
            <Eye aria-hidden /> View
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={documentFileUrl(doc.id, true)} download aria-label={`Download ${doc.name}`}>
            <Download aria-hidden /> Download
          </a>
        </Button>
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${doc.name}`}
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
