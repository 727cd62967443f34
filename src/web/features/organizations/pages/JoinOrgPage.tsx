import { zodResolver } from "@hookform/resolvers/zod";
import { Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { z } from "zod";
import { ZInviteCode } from "../../../../shared/schemas/organizations.ts";
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
import { ApiError } from "../../../lib/api.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useMe } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import {
  findOrganizationByCode,
  type OrganizationSummary,
  useJoinOrganization,
} from "../api/organizations.ts";
import { useWelcomeIn } from "./use-welcome-in.ts";

const ZForm = z.object({ inviteCode: ZInviteCode });

/** A member enters the invitation code their local gave them. */
export function JoinOrgPage() {
  const { t } = useTranslation("organizations");
  usePageTitle(t("join.pageTitle"));
  const { me } = useMe();
  const [found, setFound] = useState<(OrganizationSummary & { code: string }) | null>(null);
  const join = useJoinOrganization();
  const welcomeIn = useWelcomeIn();
  const form = useForm<z.infer<typeof ZForm>>({
    resolver: zodResolver(ZForm),
    defaultValues: { inviteCode: "" },
  });

  const codeError = form.formState.errors.inviteCode?.message;
  if (me?.organization) return <Navigate to="/dashboard" replace />;
  if (me?.user.accountType === "admin") return <Navigate to="/get-started" replace />;

  async function lookUp({ inviteCode }: z.infer<typeof ZForm>) {
    try {
      setFound({ ...(await findOrganizationByCode(inviteCode)), code: inviteCode });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.error(t("join.invalid.title"), { description: t("join.invalid.description") });
      } else {
        applyServerErrors(form, error, t("join.failed"));
      }
    }
  }

  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">{t("join.title")}</h1>
          <CardDescription>{t("join.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {found ? (
            <div className="space-y-4">
              <div className="flex items-center gap-3 rounded-lg border border-border p-4">
                <Users aria-hidden className="size-6 text-primary" />
                <div>
                  <CardTitle className="text-base">{found.name}</CardTitle>
                  <p className="text-sm text-muted-foreground">{t("join.asMember")}</p>
                </div>
              </div>
              <div className="flex gap-2">
                <Button variant="outline" onClick={() => setFound(null)}>
                  {t("join.back")}
                </Button>
                <Button
                  onClick={() => welcomeIn(join.mutateAsync(found.code))}
                  disabled={join.isPending}
                >
                  {join.isPending ? t("join.joining") : t("join.join", { name: found.name })}
                </Button>
              </div>
            </div>
          ) : (
            <form className="space-y-4" noValidate onSubmit={form.handleSubmit(lookUp)}>
              <Field label={t("join.code")} error={codeError && translateMessage(codeError)}>
                <Input
                  autoComplete="off"
                  autoCapitalize="characters"
                  {...form.register("inviteCode")}
                />
              </Field>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? t("join.checking") : t("join.continue")}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
