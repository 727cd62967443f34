import { Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import {
  LIST_ENTRY_MAX,
  ORGANIZATION_NAME_MAX,
  OrgMessages,
  ZOrganizationConfigInput,
} from "../../../../shared/schemas/organizations.ts";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { Delays } from "../../../lib/delays.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { useSaveConfig } from "../api/organizations.ts";
import { ArticlesTab } from "../components/ArticlesTab.tsx";
import { DataTab } from "../components/DataTab.tsx";
import { EmployerTab } from "../components/EmployerTab.tsx";
import { InviteCodeCard } from "../components/InviteCodeCard.tsx";
import { ListEditor } from "../components/ListEditor.tsx";
import { ProcedureTab } from "../components/procedure/ProcedureTab.tsx";

const tabClass =
  "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground";

/**
 * Admins only: the organization's name and the lists its forms offer, (Procedure tab,
 * `?tab=procedure`) its grievance procedure, (Articles tab, `?tab=articles`) its contract's
 * articles, and (Employer tab, `?tab=employer`) the
 * employer's representatives grievances are served on, and (Data tab, `?tab=data`) the
 * organization's export.
 */
export function OrganizationSetupPage() {
  const { t } = useTranslation("organizations");
  usePageTitle(t("setup.pageTitle"));
  const navigate = useNavigate();
  const isAdmin = useCan("manage:organization");
  const config = useOrganizationConfig(isAdmin);
  const save = useSaveConfig();
  const [name, setName] = useState("");
  const [jobTitles, setJobTitles] = useState<string[]>([]);
  const [departments, setDepartments] = useState<string[]>([]);
  const [locations, setLocations] = useState<string[]>([]);
  const loaded = useRef(false);
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab =
    asked === "procedure" || asked === "articles" || asked === "employer" || asked === "data"
      ? asked
      : "organization";

  useEffect(() => {
    if (!isAdmin) {
      toast.error(t("setup.accessDenied.title"), {
        description: t("setup.accessDenied.description"),
      });
      navigate("/dashboard", { replace: true });
    }
  }, [isAdmin, navigate, t]);

  useEffect(() => {
    if (!config.data || loaded.current) return;
    loaded.current = true;
    setName(config.data.name);
    setJobTitles(config.data.jobTitles);
    setDepartments(config.data.departments);
    setLocations(config.data.locations);
  }, [config.data]);

  if (!isAdmin) return null;
  if (config.isPending) return <LoadingScreen label={t("setup.loading")} />;

  const nameError = !name.trim()
    ? OrgMessages.nameRequired
    : name.trim().length > ORGANIZATION_NAME_MAX
      ? OrgMessages.nameMax
      : undefined;

  async function submit() {
    if (!name.trim()) {
      toast.error(t("setup.missing.title"), { description: t("setup.missing.description") });
      return;
    }
    // Issue 30: the same schema as the server, so the page says why before sending.
    const body = { name, jobTitles, departments, locations };
    const checked = ZOrganizationConfigInput.safeParse(body);
    if (!checked.success) {
      const first = checked.error.issues[0]?.message ?? "";
      toast.error(t("setup.saveFailed.title"), { description: translateMessage(first) });
      return;
    }
    try {
      await save.mutateAsync(body);
      toast.success(t("setup.saved.title"), { description: t("setup.saved.description") });
      setTimeout(() => navigate("/dashboard"), Delays.afterSubmit);
    } catch (error) {
      // The server's own reason when it gives one (a 400's message), else the spec's text.
      toast.error(t("setup.saveFailed.title"), {
        description:
          error instanceof ApiError && error.status < 500
            ? translateMessage(error.message)
            : t("setup.saveFailed.description"),
      });
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t("setup.title")}</h1>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === "organization" ? {} : { tab: value }, { replace: true })
        }
        className="space-y-6"
      >
        <Tabs.List
          aria-label={t("setup.sections")}
          className="flex flex-wrap gap-x-2 border-b border-border"
        >
          <Tabs.Trigger value="organization" className={tabClass}>
            {t("setup.tabs.organization")}
          </Tabs.Trigger>
          <Tabs.Trigger value="procedure" className={tabClass}>
            {t("setup.tabs.procedure")}
          </Tabs.Trigger>
          <Tabs.Trigger value="articles" className={tabClass}>
            {t("setup.tabs.articles")}
          </Tabs.Trigger>
          <Tabs.Trigger value="employer" className={tabClass}>
            {t("setup.tabs.employer")}
          </Tabs.Trigger>
          <Tabs.Trigger value="data" className={tabClass}>
            {t("setup.tabs.data")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="procedure">
          <ProcedureTab />
        </Tabs.Content>
        <Tabs.Content value="articles">
          <ArticlesTab />
        </Tabs.Content>
        <Tabs.Content value="employer">
          <EmployerTab />
        </Tabs.Content>
        <Tabs.Content value="data">
          <DataTab />
        </Tabs.Content>
        <Tabs.Content value="organization" className="space-y-6">
          <p className="text-muted-foreground">{t("setup.intro")}</p>
          <Card>
            <CardHeader>
              <CardTitle>{t("setup.organization")}</CardTitle>
            </CardHeader>
            <CardContent>
              <Field
                label={t("setup.name")}
                error={nameError}
                hint={t("list.limit", { max: ORGANIZATION_NAME_MAX })}
              >
                <Input
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  autoComplete="organization"
                />
              </Field>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("setup.lists.title")}</CardTitle>
              <CardDescription>{t("setup.lists.description")}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              <ListEditor
                list="jobTitles"
                label={t("setup.lists.jobTitles")}
                entryLabel={t("setup.lists.jobTitle")}
                items={jobTitles}
                onChange={setJobTitles}
                duplicateMessage={translateMessage(OrgMessages.duplicate.jobTitles)}
                maxLength={LIST_ENTRY_MAX}
                tooLongMessage={translateMessage(OrgMessages.entryMax)}
              />
              <ListEditor
                list="departments"
                label={t("setup.lists.departments")}
                entryLabel={t("setup.lists.department")}
                items={departments}
                onChange={setDepartments}
                duplicateMessage={translateMessage(OrgMessages.duplicate.departments)}
                maxLength={LIST_ENTRY_MAX}
                tooLongMessage={translateMessage(OrgMessages.entryMax)}
              />
              <ListEditor
                list="locations"
                label={t("setup.lists.locations")}
                entryLabel={t("setup.lists.location")}
                items={locations}
                onChange={setLocations}
                duplicateMessage={translateMessage(OrgMessages.duplicate.locations)}
                maxLength={LIST_ENTRY_MAX}
                tooLongMessage={translateMessage(OrgMessages.entryMax)}
              />
            </CardContent>
          </Card>
          <InviteCodeCard />
          <div className="flex justify-end">
            <Button size="lg" onClick={submit} disabled={save.isPending}>
              {save.isPending ? t("setup.saving") : t("setup.save")}
            </Button>
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
