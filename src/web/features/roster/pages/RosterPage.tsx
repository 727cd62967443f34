import type { TFunction } from "i18next";
import { FileUp, Mail, MessageSquarePlus, Pencil, UserMinus, UserPlus } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../../shared/i18n/format.ts";
import type { TRosterPerson, TRosterUpdate } from "../../../../shared/schemas/roster.ts";
import { Badge, type BadgeTone } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { type Column, DataTable } from "../../../components/ui/DataTable.tsx";
import { Dialog, DialogContent } from "../../../components/ui/Dialog.tsx";
import { IconButton } from "../../../components/ui/IconButton.tsx";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { PageHeader } from "../../../components/ui/PageHeader.tsx";
import { SearchInput } from "../../../components/ui/SearchInput.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { RequirePermission } from "../../../lib/guards/RequirePermission.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCanWrite } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useAddPerson, useInvitationAction, useRoster, useUpdatePerson } from "../api/roster.ts";
import { ImportWizard } from "../components/ImportWizard.tsx";
import { LogContact } from "../components/LogContactDialog.tsx";
import { PersonForm, type PersonFormValues, personFormValues } from "../components/PersonForm.tsx";

const INVITATION_TONE: Record<TRosterPerson["invitation"], BadgeTone> = {
  none: "gray",
  invited: "blue",
  joined: "green",
  bounced: "red",
};

const columns = (
  t: TFunction<"directory">,
  entry: ReturnType<typeof useDefaults>["entry"],
): Column<TRosterPerson>[] => [
  {
    header: t("roster.fields.name"),
    cell: (p) => (
      <span className="font-medium">
        {p.name}
        {p.status === "left" ? (
          <Badge tone="yellow" className="ml-2">
            {t("roster.status.left")}
          </Badge>
        ) : null}
      </span>
    ),
  },
  { header: t("roster.fields.badgeNumber"), cell: (p) => p.badgeNumber ?? "—" },
  {
    header: t("roster.fields.department"),
    cell: (p) => (p.department ? entry("departments", p.department) : "—"),
  },
  {
    header: t("roster.fields.location"),
    cell: (p) => (p.location ? entry("locations", p.location) : "—"),
  },
  { header: t("roster.fields.email"), cell: (p) => p.email ?? "—" },
  {
    header: t("roster.account"),
    cell: (p) => (
      <Badge tone={INVITATION_TONE[p.invitation]}>{t(`roster.invitation.${p.invitation}`)}</Badge>
    ),
  },
];

/** What a form's '' means to the API: none. */
function toInput(values: PersonFormValues) {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(values)) out[key] = value.trim() || null;
  return { ...out, name: values.name } as TRosterUpdate & { name: string };
}

export function RosterPage() {
  return (
    <RequirePermission permission="manage:roster">
      <Roster />
    </RequirePermission>
  );
}

/**
 * The roster (issue 29): every person of the local, with or without an account. Stewards and
 * admins search, add, edit and mark people as left and send invitations; admins import.
 */
function Roster() {
  const { t } = useTranslation("directory");
  usePageTitle(t("roster.pageTitle"));
  const defaults = useDefaults();
  const COLUMNS = useMemo(() => columns(t, defaults.entry), [t, defaults]);
  const canEdit = useCanWrite("manage:roster");
  const canImport = useCanWrite("import:roster");
  const canContact = useCanWrite("update:grievance");
  const [contacting, setContacting] = useState<TRosterPerson | null>(null);
  const [q, setQ] = useState("");
  const [status, setStatus] = useState<"active" | "left" | "all">("active");
  const [hasAccount, setHasAccount] = useState<"" | "true" | "false">("");
  const roster = useRoster({ q: useDebouncedValue(q), status, hasAccount });
  const config = useOrganizationConfig();
  const add = useAddPerson();
  const update = useUpdatePerson();
  const invitations = useInvitationAction();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<TRosterPerson | null>(null);
  const lists = {
    departments: config.data?.departments ?? [],
    locations: config.data?.locations ?? [],
    jobTitles: config.data?.jobTitles ?? [],
  };

  async function invitationsFor(action: "send" | "resend" | "revoke", ids?: string[]) {
    try {
      const { changed } = await invitations.mutateAsync({ action, ids });
      toast.success(t(`roster.invitations.${action}Done`, { count: changed }));
    } catch (error) {
      toastError(t("roster.invitations.failed"), error);
    }
  }

  async function setStatusOf(p: TRosterPerson, next: "active" | "left") {
    try {
      await update.mutateAsync({ id: p.id, changes: { status: next } });
      toast.success(
        t(next === "left" ? "roster.markedLeft" : "roster.markedActive", { name: p.name }),
      );
    } catch (error) {
      toastError(t("roster.saveFailed"), error);
    }
  }

  const actionsColumn: Column<TRosterPerson> = {
    header: t("columns.actions"),
    srOnlyHeader: true,
    actions: true,
    cell: (p) => (
      <div className="flex flex-wrap justify-end gap-1">
        {p.email && !p.hasAccount && p.status === "active" ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void invitationsFor(p.invitation === "none" ? "send" : "resend", [p.id])}
          >
            <Mail aria-hidden />
            {p.invitation === "none" ? t("roster.invite") : t("roster.resend")}
          </Button>
        ) : null}
        {p.invitation === "invited" || p.invitation === "bounced" ? (
          <Button variant="ghost" size="sm" onClick={() => void invitationsFor("revoke", [p.id])}>
            {t("roster.revoke")}
          </Button>
        ) : null}
        {canContact ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("roster.contact.openFor", { name: p.name })}
            onClick={() => setContacting(p)}
          >
            <MessageSquarePlus aria-hidden />
            {t("roster.contact.open")}
          </Button>
        ) : null}
        <IconButton
          label={t("roster.edit", { name: p.name })}
          icon={Pencil}
          onClick={() => setEditing(p)}
        />
        <IconButton
          label={t(p.status === "left" ? "roster.markActive" : "roster.markLeft", { name: p.name })}
          icon={UserMinus}
          onClick={() => void setStatusOf(p, p.status === "left" ? "active" : "left")}
        />
      </div>
    ),
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title={t("roster.title")}
        subtitle={
          roster.data
            ? t("roster.count", {
                count: roster.data.total,
                total: formatNumber(currentLanguage(), roster.data.total),
              })
            : "\u00a0"
        }
        actions={
          canEdit ? (
            <div className="flex flex-wrap gap-2">
              {canImport ? (
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <FileUp aria-hidden /> {t("roster.import.open")}
                </Button>
              ) : null}
              <Button onClick={() => setAdding(true)}>
                <UserPlus aria-hidden /> {t("roster.add")}
              </Button>
            </div>
          ) : null
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label={t("roster.search")}
          placeholder={t("roster.search")}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <Select
          aria-label={t("roster.statusFilter")}
          className="sm:w-44"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        >
          <option value="active">{t("roster.status.active")}</option>
          <option value="left">{t("roster.status.left")}</option>
          <option value="all">{t("roster.status.all")}</option>
        </Select>
        <Select
          aria-label={t("roster.accountFilter")}
          className="sm:w-52"
          value={hasAccount}
          onChange={(e) => setHasAccount(e.target.value as typeof hasAccount)}
        >
          <option value="">{t("roster.accounts.any")}</option>
          <option value="true">{t("roster.accounts.with")}</option>
          <option value="false">{t("roster.accounts.without")}</option>
        </Select>
      </div>

      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void invitationsFor("send")}>
            {t("roster.invitations.sendAll")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void invitationsFor("resend")}>
            {t("roster.invitations.resendAll")}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void invitationsFor("revoke")}>
            {t("roster.invitations.revokeAll")}
          </Button>
        </div>
      ) : null}

      <DataTable
        columns={canEdit ? [...COLUMNS, actionsColumn] : COLUMNS}
        rows={roster.data?.items ?? []}
        loading={roster.isPending}
        emptyMessage={t("roster.empty")}
      />
      <LoadMore query={roster} />

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent title={t("roster.addTitle")} className="max-w-2xl">
          <PersonForm
            initial={personFormValues()}
            lists={lists}
            submitLabel={t("roster.add")}
            errorTitle={t("roster.saveFailed")}
            onSubmit={async (values) => {
              await add.mutateAsync(toInput(values));
              toast.success(t("roster.added", { name: values.name }));
              setAdding(false);
            }}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={contacting !== null} onOpenChange={(open) => !open && setContacting(null)}>
        <DialogContent
          title={t("roster.contact.title", { name: contacting?.name ?? "" })}
          className="max-w-2xl"
        >
          {contacting ? (
            <LogContact person={contacting} onDone={() => setContacting(null)} />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent
          title={t("roster.editTitle", { name: editing?.name ?? "" })}
          className="max-w-2xl"
        >
          {editing ? (
            <PersonForm
              initial={personFormValues(editing)}
              lists={lists}
              submitLabel={t("editDialog.submit")}
              errorTitle={t("roster.saveFailed")}
              onSubmit={async (values) => {
                await update.mutateAsync({ id: editing.id, changes: toInput(values) });
                toast.success(t("editDialog.updated"));
                setEditing(null);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <Dialog open={importing} onOpenChange={setImporting}>
        <DialogContent
          title={t("roster.import.title")}
          description={t("roster.import.description")}
          className="max-w-3xl"
        >
          {importing ? <ImportWizard onDone={() => setImporting(false)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
