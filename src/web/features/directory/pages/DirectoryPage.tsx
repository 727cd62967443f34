import { Mail, Pencil, Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { planLimits } from "../../../../shared/plans.ts";
import { countOf } from "../../../../shared/plural.ts";
import type { TMember } from "../../../../shared/schemas/organizations.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { RoleBadge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { IconButton } from "../../../components/ui/icon-button.tsx";
import { LoadMore } from "../../../components/ui/load-more.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCanWrite, useMe } from "../../../lib/session.ts";
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

const COLUMNS: Column<TMember>[] = [
  {
    header: "Name",
    cell: (m) => (
      <div className="flex items-center gap-3">
        <Avatar name={m.name} image={m.avatar} size={32} />
        <span className="font-medium">{m.name}</span>
      </div>
    ),
  },
  { header: "Badge #", cell: (m) => m.badgeNumber ?? "—" },
  { header: "Role", cell: (m) => <RoleBadge role={m.role} /> },
  { header: "Department", cell: (m) => m.department ?? "—" },
  { header: "Facility", cell: (m) => m.facility ?? "—" },
  {
    header: "Email",
    cell: (m) => (
      <a className="text-primary hover:underline" href={`mailto:${m.email}`}>
        {m.email}
      </a>
    ),
  },
];

export function DirectoryPage() {
  usePageTitle("Member Directory");
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
    toast.success("Invitation sent", {
      description: `We emailed ${values.email} a link to join.`,
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
    toast.success("Member updated");
    setEditing(null);
  }

  async function onRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Member removed", { description: `${removing.name} no longer has access.` });
      setRemoving(null);
    } catch (error) {
      toastError("Could not remove member", error);
    }
  }

  const items = members.data?.items ?? [];
  const actionsColumn: Column<TMember> = {
    header: "Actions",
    srOnlyHeader: true,
    actions: true,
    cell: (m) => (
      <div className="flex justify-end gap-1">
        <IconButton label={`Edit ${m.name}`} icon={Pencil} onClick={() => setEditing(m)} />
        <IconButton label={`Remove ${m.name}`} icon={Trash2} onClick={() => setRemoving(m)} />
      </div>
    ),
  };
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Member Directory"
        subtitle={members.data ? countOf(members.data.total, "member") : "\u00a0"}
        actions={
          canAdd ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden /> Add member
            </Button>
          ) : null
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label="Search members by name, role or email"
          placeholder="Search by name, role or email"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          aria-label="Facility"
          className="sm:w-56"
          value={facility}
          onChange={(e) => setFacility(e.target.value)}
        >
          <option value="">All facilities</option>
          {facilities.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </Select>
      </div>

      <DataTable
        columns={canEdit ? [...COLUMNS, actionsColumn] : COLUMNS}
        rows={items}
        loading={members.isPending}
        emptyMessage="No members found matching your search criteria."
      />
      <LoadMore query={members} />

      {canAdd && invitations.data && invitations.data.items.length > 0 ? (
        <section aria-labelledby="pending-heading" className="space-y-3">
          <h2 id="pending-heading" className="text-lg font-semibold">
            Pending invitations
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
                  Cancel invitation
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent
          title="Add member"
          description="We email an invitation; they join with the role you choose."
        >
          <MemberForm
            withEmail
            departments={departments}
            facilities={facilities}
            allowedRoles={allowedRoles}
            submitLabel="Send invitation"
            pending={invite.isPending}
            onSubmit={onInvite}
            errorTitle="Invitation not sent"
          />
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent title={`Edit ${editing?.name ?? "member"}`}>
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
              submitLabel="Save changes"
              pending={update.isPending}
              onSubmit={onEdit}
              errorTitle="Update Failed"
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? "member"}?`}
        description="They lose access at once and are signed out everywhere."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
