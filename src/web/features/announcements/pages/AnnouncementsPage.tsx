import { Megaphone, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { TAnnouncement } from "../../../../shared/schemas/announcements.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card } from "../../../components/ui/Card.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { IconButton } from "../../../components/ui/IconButton.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { fullDate, timeAgo } from "../../../lib/relative-time.ts";
import { useCanWrite } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import {
  useAnnouncements,
  useDeleteAnnouncement,
  useEditAnnouncement,
  usePostAnnouncement,
} from "../api/announcements.ts";
import { AnnouncementForm, type AnnouncementFormValues } from "../components/AnnouncementForm.tsx";

/** /announcements: the organization's notice board, for everyone with view:announcements. */
export function AnnouncementsPage() {
  return (
    <RequirePermission permission="view:announcements">
      <AnnouncementBoard />
    </RequirePermission>
  );
}

function AnnouncementBoard() {
  const { t } = useTranslation("announcements");
  usePageTitle(t("title"));
  const canPost = useCanWrite("create:announcement");
  const canEdit = useCanWrite("edit:announcement");
  const canDelete = useCanWrite("delete:announcement");
  const list = useAnnouncements();
  const postMutation = usePostAnnouncement();
  const edit = useEditAnnouncement();
  const remove = useDeleteAnnouncement();
  const [posting, setPosting] = useState(false);
  const [editing, setEditing] = useState<TAnnouncement | null>(null);
  const [deleting, setDeleting] = useState<TAnnouncement | null>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  // A failure is thrown to the form, which shows it (applyServerErrors).
  async function onPost(values: AnnouncementFormValues) {
    const created = await postMutation.mutateAsync(values);
    toast.success(t("toast.posted"), {
      description: created.emailed > 0 ? t("toast.emailed", { count: created.emailed }) : undefined,
    });
    setPosting(false);
  }

  async function onEdit(values: AnnouncementFormValues) {
    if (!editing) return;
    await edit.mutateAsync({
      id: editing.id,
      changes: { title: values.title, content: values.content, category: values.category },
    });
    toast.success(t("toast.updated"));
    setEditing(null);
  }

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("toast.deleted"));
      setDeleting(null);
    } catch (error) {
      toastError(t("toast.deleteFailed"), error);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          canPost ? (
            <Button onClick={() => setPosting(true)}>
              <Megaphone aria-hidden /> {t("post.action")}
            </Button>
          ) : null
        }
      />

      {list.isError ? (
        <Alert tone="error">
          {t("loadFailed")}{" "}
          {list.error instanceof Error ? translateMessage(list.error.message) : null}
        </Alert>
      ) : null}

      {items.length === 0 && !list.isPending && !list.isError ? (
        <Card className="p-8 text-center text-muted-foreground">
          <p>{t("empty.title")}</p>
          {canPost ? <p className="mt-1 text-sm">{t("empty.hint")}</p> : null}
        </Card>
      ) : null}

      <div className="space-y-4">
        {items.map((a) => (
          <AnnouncementCard
            key={a.id}
            announcement={a}
            onEdit={canEdit ? () => setEditing(a) : undefined}
            onDelete={canDelete ? () => setDeleting(a) : undefined}
          />
        ))}
      </div>

      <LoadMore query={list} />

      <Dialog open={posting} onOpenChange={setPosting}>
        <DialogContent title={t("post.title")} description={t("post.description")}>
          <AnnouncementForm
            withEmail
            submitLabel={t("post.action")}
            pendingLabel={t("post.pending")}
            pending={postMutation.isPending}
            onSubmit={onPost}
            errorTitle={t("post.failed")}
            onCancel={() => setPosting(false)}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent title={t("edit.title")}>
          {editing ? (
            <AnnouncementForm
              withEmail={false}
              initial={{
                title: editing.title,
                content: editing.content,
                category: editing.category,
              }}
              submitLabel={t("edit.action")}
              pendingLabel={t("edit.pending")}
              pending={edit.isPending}
              onSubmit={onEdit}
              errorTitle={t("edit.failed")}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={t("delete.title")}
        description={t("delete.description", { title: deleting?.title ?? "" })}
        confirmLabel={t("delete.action")}
        pendingLabel={t("delete.pending")}
        pending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** Title, category tag, the text exactly as written (React escapes it), posted time and author. */
function AnnouncementCard({
  announcement: a,
  onEdit,
  onDelete,
}: {
  announcement: TAnnouncement;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation("announcements");
  const edited = new Date(a.updatedAt).getTime() - new Date(a.createdAt).getTime() > 1000;
  const headingId = `announcement-${a.id}`;
  return (
    <Card>
      <article aria-labelledby={headingId} className="space-y-3 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <Badge tone={a.tagColor}>
              {t(`categories.${a.category}`, { defaultValue: a.category })}
            </Badge>
            <h2 id={headingId} className="break-words text-lg font-semibold leading-snug">
              {a.title}
            </h2>
          </div>
          {onEdit || onDelete ? (
            <div className="flex shrink-0 gap-1">
              {onEdit ? (
                <IconButton
                  label={t("card.edit", { title: a.title })}
                  icon={Pencil}
                  onClick={onEdit}
                />
              ) : null}
              {onDelete ? (
                <IconButton
                  label={t("card.delete", { title: a.title })}
                  icon={Trash2}
                  onClick={onDelete}
                  className="text-destructive"
                />
              ) : null}
            </div>
          ) : null}
        </div>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{a.content}</p>
        <p className="text-xs text-muted-foreground">
          <Trans
            t={t}
            i18nKey="card.posted"
            values={{ ago: timeAgo(a.createdAt), name: a.author?.name || t("card.formerMember") }}
            components={{ time: <time dateTime={a.createdAt} title={fullDate(a.createdAt)} /> }}
          />
          {edited ? t("card.edited") : ""}
        </p>
      </article>
    </Card>
  );
}
