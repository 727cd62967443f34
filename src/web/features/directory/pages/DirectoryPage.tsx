import type { TFunction } from "i18next";
import { Mail, Pencil, Trash2, UserPlus } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../../shared/i18n/format.ts";
import { planLimits } from "../../../../shared/plans.ts";
import type { TMember } from "../../../../shared/schemas/organizations.ts";
import { Avatar } from "../../../components/ui/Avatar.tsx";
import { RoleBadge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { ConfirmDialog } from "../../../components/ui/ConfirmDialog.tsx";
import { type Column, DataTable } from "../../../components/ui/DataTable.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { IconButton } from "../../../components/ui/IconButton.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { SearchInput } from "../../../components/ui/SearchInput.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCanWrite, useMe } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import {
  useInvitations,
  useInvite,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMember,
} from "../api/directory.ts";
import { MemberForm, type MemberFormValues } from "../components/MemberForm.tsx";

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The directory's columns, headed in the reader's language. */
const columns = (
  t: TFunction<"directory">,
  entry: ReturnType<typeof useDefaults>["entry"],
): Column<TMember>[] => [
  {
    header: t("columns.name"),
    cell: (m) => (
      <div className="flex items-center gap-3">
        <Avatar name={m.name} image={m.avatar} size={32} />
        <span className="font-medium">{m.name}</span>
      </div>
    ),
  },
  { header: t("columns.badge"), cell: (m) => m.badgeNumber ?? "—" },
  { header: t("columns.role"), cell: (m) => <RoleBadge role={m.role} /> },
  {
    header: t("columns.department"),
    cell: (m) => (m.department ? entry("departments", m.department) : "—"),
  },
  {
    header: t("columns.facility"),
    cell: (m) => (m.facility ? entry("locations", m.facility) : "—"),
  },
  {
    header: t("columns.email"),
    cell: (m) => (
      <a className="text-primary hover:underline" href={`mailto:${m.email}`}>
        {m.email}
      </a>
    ),
  },
];

export function DirectoryPage() {
  const { t } = useTranslation("directory");
  usePageTitle(t("pageTitle"));
  const defaults = useDefaults();
  const COLUMNS = useMemo(() => columns(t, defaults.entry), [t, defaults]);
  const { me } = useMe();
  const canAdd = useCanWrite("add:directory");
  const canEdit = useCanWrite("edit:directory");
  const [q, setQ] = useState("");
  const [facility, setFacility] = useState("");
  const members = useMembers({ q: useDebouncedValue(q), facility });
  const config = useOrganizationConfig();
  const invitations = useInvitations(canAdd);
  const invite = useInvite();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TMember | null>(null);
  const [removing, setRemoving] = useState<TMember | null>(null);

  const facilities = config.data?.locations ?? [];
  const departments = config.data?.departments ?? [];
  const allowedRoles = planLimits(me?.organization?.plan ?? "starter").allowedRoles;

  // A failure is thrown to the form, which shows it (applyServerErrors).
  async function onInvite(values: MemberFormValues) {
    await invite.mutateAsync({
      email: values.email,
      role: values.role,
      badgeNumber: orNull(values.badgeNumber),
      department: orNull(values.department),
      facility: orNull(values.facility),
    });
    toast.success(t("invite.sent"), {
      description: t("invite.sentDescription", { email: values.email }),
    });
    setAdding(false);
  }

  async function onEdit(values: MemberFormValues) {
    if (!editing) return;
    await update.mutateAsync({
      id: editing.id,
      changes: {
        role: values.role,
        badgeNumber: orNull(values.badgeNumber),
        department: orNull(values.department),
        facility: orNull(values.facility),
      },
    });
    toast.success(t("editDialog.updated"));
    setEditing(null);
  }

  async function onRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(t("removeDialog.removed"), {
        description: t("removeDialog.removedDescription", { name: removing.name }),
      });
      setRemoving(null);
    } catch (error) {
      toastError(t("removeDialog.failed"), error);
    }
  }

  const items = members.data?.items ?? [];
  const actionsColumn: Column<TMember> = {
    header: t("columns.actions"),
    srOnlyHeader: true,
    actions: true,
    cell: (m) => (
      <div className="flex justify-end gap-1">
        <IconButton
          label={t("edit", { name: m.name })}
          icon={Pencil}
          onClick={() => setEditing(m)}
        />
        <IconButton
          label={t("remove", { name: m.name })}
          icon={Trash2}
          onClick={() => setRemoving(m)}
        />
      </div>
    ),
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={
          members.data
            ? t("count", {
                count: members.data.total,
                total: formatNumber(currentLanguage(), members.data.total),
              })
            : "\u00a0"
        }
        actions={
          canAdd ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden /> {t("add")}
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
          aria-label={t("columns.facility")}
          className="sm:w-56"
          value={facility}
          onChange={(e) => setFacility(e.target.value)}
        >
          <option value="">{t("allFacilities")}</option>
          {/* The filter matches the stored entry; a default one reads in the reader's words. */}
          {facilities.map((f) => (
            <option key={f} value={f}>
              {defaults.entry("locations", f)}
            </option>
          ))}
        </Select>
      </div>

      <DataTable
        columns={canEdit ? [...COLUMNS, actionsColumn] : COLUMNS}
        rows={items}
        loading={members.isPending}
        emptyMessage={t("empty")}
      />
      <LoadMore query={members} />

      {canAdd && invitations.data && invitations.data.items.length > 0 ? (
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold">
            {t("pending.title")}
          </h2>
          <ul className="divide-y divide-border rounded-xl border border-border bg-card">
            {invitations.data.items.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
              >
                <span className="flex items-center gap-2">
                  <Mail aria-hidden className="size-4 text-muted-foreground" /> {i.email}{" "}
                  <RoleBadge role={i.role} />
                </span>
                <Button variant="ghost" size="sm" onClick={() => revoke.mutate(i.id)}>
                  {t("pending.cancel")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent title={t("invite.title")} description={t("invite.description")}>
          <MemberForm
            withEmail
            departments={departments}
            facilities={facilities}
            allowedRoles={allowedRoles}
            submitLabel={t("invite.submit")}
            pending={invite.isPending}
            onSubmit={onInvite}
            errorTitle={t("invite.failed")}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent
          title={editing ? t("editDialog.title", { name: editing.name }) : t("editDialog.untitled")}
        >
          {editing ? (
            <MemberForm
              withEmail={false}
              initial={{
                role: editing.role,
                badgeNumber: editing.badgeNumber ?? "",
                department: editing.department ?? "",
                facility: editing.facility ?? "",
              }}
              departments={departments}
              facilities={facilities}
              allowedRoles={allowedRoles}
              submitLabel={t("editDialog.submit")}
              pending={update.isPending}
              onSubmit={onEdit}
              errorTitle={t("editDialog.failed")}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={
          removing ? t("removeDialog.title", { name: removing.name }) : t("removeDialog.untitled")
        }
        description={t("removeDialog.description")}
        confirmLabel={t("removeDialog.confirm")}
        pendingLabel={t("removeDialog.pending")}
        pending={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
