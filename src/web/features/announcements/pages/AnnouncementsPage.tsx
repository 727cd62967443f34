import { Megaphone, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { TAnnouncement } from "../../../../shared/schemas/announcements.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { fullDate, timeAgo } from "../../../lib/relative-time.ts";
import { useCanWrite } from "../../../lib/session.ts";
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
  usePageTitle("Announcements");
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
    toast.success("Announcement posted", {
      description:
        created.emailed > 0
          ? `Emailed to ${created.emailed} ${created.emailed === 1 ? "member" : "members"}.`
          : undefined,
    });
    setPosting(false);
  }

  async function onEdit(values: AnnouncementFormValues) {
    if (!editing) return;
    await edit.mutateAsync({
      id: editing.id,
      changes: { title: values.title, content: values.content, category: values.category },
    });
    toast.success("Announcement updated");
    setEditing(null);
  }

  async function onDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Announcement deleted");
      setDeleting(null);
    } catch (error) {
      toastError("Could not delete the announcement", error);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Announcements"
        subtitle="News and notices from your union."
        actions={
          canPost ? (
            <Button onClick={() => setPosting(true)}>
              <Megaphone aria-hidden /> Post Announcement
            </Button>
          ) : null
        }
      />

      {list.isError ? (
        <Alert tone="error">
          The announcements could not be loaded.{" "}
          {list.error instanceof Error ? list.error.message : null}
        </Alert>
      ) : null}

      {items.length === 0 && !list.isPending && !list.isError ? (
        <Card className="p-8 text-center text-muted-foreground">
          <p>No announcements yet.</p>
          {canPost ? <p className="mt-1 text-sm">Post the first one for your members.</p> : null}
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
        <DialogContent
          title="Post Announcement"
          description="Everyone in your organization sees it here."
        >
          <AnnouncementForm
            withEmail
            submitLabel="Post Announcement"
            pendingLabel="Posting..."
            pending={postMutation.isPending}
            onSubmit={onPost}
            errorTitle="Could not post the announcement"
            onCancel={() => setPosting(false)}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent title="Edit announcement">
          {editing ? (
            <AnnouncementForm
              withEmail={false}
              initial={{
                title: editing.title,
                content: editing.content,
                category: editing.category,
              }}
              submitLabel="Save changes"
              pendingLabel="Saving..."
              pending={edit.isPending}
              onSubmit={onEdit}
              errorTitle="Update Failed"
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this announcement?"
        description={`"${deleting?.title ?? ""}" is removed for everyone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
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
  const edited = new Date(a.updatedAt).getTime() - new Date(a.createdAt).getTime() > 1000;
  const headingId = `announcement-${a.id}`;
  return (
    <Card>
      <article aria-labelledby={headingId} className="space-y-3 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <Badge tone={a.tagColor}>{a.category}</Badge>
            <h2 id={headingId} className="break-words text-lg font-semibold leading-snug">
              {a.title}
            </h2>
          </div>
          {onEdit || onDelete ? (
            <div className="flex shrink-0 gap-1">
              {onEdit ? (
                <IconButton label={`Edit ${a.title}`} icon={Pencil} onClick={onEdit} />
              ) : null}
              {onDelete ? (
                <IconButton
                  label={`Delete ${a.title}`}
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
          Posted{" "}
          <time dateTime={a.createdAt} title={fullDate(a.createdAt)}>
            {timeAgo(a.createdAt)}
          </time>{" "}
          by {a.author?.name || "a former member"}
          {edited ? " · edited" : ""}
        </p>
      </article>
    </Card>
  );
}
