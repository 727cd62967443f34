import { Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { OrgMessages } from "../../../../shared/schemas/organizations.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Delays } from "../../../lib/delays.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan } from "../../../lib/session.ts";
import { useSaveConfig } from "../api/organizations.ts";
import { EmployerTab } from "../components/EmployerTab.tsx";
import { InviteCodeCard } from "../components/InviteCodeCard.tsx";
import { ListEditor } from "../components/ListEditor.tsx";
import { ProcedureTab } from "../components/procedure/ProcedureTab.tsx";

const tabClass =
  "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:border-primary data-[state=active]:text-foreground";

/**
 * Admins only: the organization's name and the lists its forms offer, (Procedure tab,
 * `?tab=procedure`) its grievance procedure, and (Employer tab, `?tab=employer`) the
 * employer's representatives grievances are served on.
 */
export function OrganizationSetupPage() {
  usePageTitle("Organization Setup");
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
  const tab = asked === "procedure" || asked === "employer" ? asked : "organization";

  useEffect(() => {
    if (!isAdmin) {
      toast.error("Access Denied", {
        description: "You don't have permission to access this page",
      });
      navigate("/dashboard", { replace: true });
    }
  }, [isAdmin, navigate]);

  useEffect(() => {
    if (!config.data || loaded.current) return;
    loaded.current = true;
    setName(config.data.name);
    setJobTitles(config.data.jobTitles);
    setDepartments(config.data.departments);
    setLocations(config.data.locations);
  }, [config.data]);

  if (!isAdmin) return null;
  if (config.isPending) return <LoadingScreen label="Loading your organization..." />;

  async function submit() {
    if (!name.trim()) {
      toast.error("Missing Information", { description: "Please enter an organization name." });
      return;
    }
    try {
      await save.mutateAsync({ name, jobTitles, departments, locations });
      toast.success("Setup Complete", { description: "Your organization's settings are saved." });
      setTimeout(() => navigate("/dashboard"), Delays.afterSubmit);
    } catch {
      toast.error("Save Failed", {
        description: "There was an error saving your configuration. Please try again.",
      });
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Organization Setup</h1>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === "organization" ? {} : { tab: value }, { replace: true })
        }
        className="space-y-6"
      >
        <Tabs.List aria-label="Setup sections" className="flex gap-2 border-b border-border">
          <Tabs.Trigger value="organization" className={tabClass}>
            Organization
          </Tabs.Trigger>
          <Tabs.Trigger value="procedure" className={tabClass}>
            Procedure
          </Tabs.Trigger>
          <Tabs.Trigger value="employer" className={tabClass}>
            Employer
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="procedure">
          <ProcedureTab />
        </Tabs.Content>
        <Tabs.Content value="employer">
          <EmployerTab />
        </Tabs.Content>
        <Tabs.Content value="organization" className="space-y-6">
          <p className="text-muted-foreground">
            The lists below fill the grievance form's choices. Until you save, members see the
            standard lists.
          </p>
          <Card>
            <CardHeader>
              <CardTitle>Organization</CardTitle>
            </CardHeader>
            <CardContent>
              <Field
                label="Organization name"
                error={name.trim() ? undefined : OrgMessages.nameRequired}
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
              <CardTitle>Lists</CardTitle>
              <CardDescription>
                Blank entries are ignored; each entry may appear once.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              <ListEditor
                label="Job titles"
                items={jobTitles}
                onChange={setJobTitles}
                duplicateMessage={OrgMessages.duplicate.jobTitles}
              />
              <ListEditor
                label="Departments"
                items={departments}
                onChange={setDepartments}
                duplicateMessage={OrgMessages.duplicate.departments}
              />
              <ListEditor
                label="Locations"
                items={locations}
                onChange={setLocations}
                duplicateMessage={OrgMessages.duplicate.locations}
              />
            </CardContent>
          </Card>
          <InviteCodeCard />
          <div className="flex justify-end">
            <Button size="lg" onClick={submit} disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save & Complete Setup"}
            </Button>
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
