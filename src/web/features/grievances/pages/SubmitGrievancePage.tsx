import { zodResolver } from "@hookform/resolvers/zod";
import { Paperclip, X } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { todayIn } from "../../../../shared/deadline-engine/index.ts";
import type { DefaultListName } from "../../../../shared/i18n/default-labels.ts";
import {
  GRIEVANCE_TYPES,
  GrievanceMessages,
  SUBJECT_MAX,
  type TGrievance,
  type TGrievanceInput,
  ZGrievanceInput,
} from "../../../../shared/schemas/grievances.ts";
import { DEFAULT_TIME_ZONE, type TLimit } from "../../../../shared/schemas/procedure.ts";
import type { TRosterPerson } from "../../../../shared/schemas/roster.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { ListInput } from "../../../components/ui/ListInput.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { Delays } from "../../../lib/delays.ts";
import { applyServerErrors } from "../../../lib/form-errors.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { useOrganizationConfig } from "../../../lib/organization.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan, useMe } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadAttachment, useFileGrievance } from "../api/grievances.ts";
import { useContractArticles, useProcedure } from "../api/procedure-api.ts";
import { GrievantPicker } from "../components/GrievantPicker.tsx";
import { RosterPersonPicker } from "../components/RosterPersonPicker.tsx";
import { type Prefill, prefillFromQuery } from "../lib/submit-prefill.ts";
import { useWords } from "../lib/words.ts";

const MAX_FILE = 10 * 1024 * 1024;

/** A message of the shared schema or the server, in the reader's language. */
const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

export function SubmitGrievancePage() {
  const { t } = useWords();
  usePageTitle(t("submit.pageTitle"));
  const { me } = useMe();
  const config = useOrganizationConfig();
  const procedure = useProcedure();
  const contractArticles = useContractArticles();
  const staff = useCan("view:all_grievances");
  const [params] = useSearchParams();
  if (!me || config.isPending || procedure.isPending)
    return <LoadingScreen label={t("submit.loading")} />;
  if (!config.data) return <p role="alert">{message(config.error?.message)}</p>;
  return (
    <GrievanceForm
      // 'Art. 12.3 Overtime': the matcher reads the number back (issue 30).
      articleChoices={contractArticles.data?.map((a) =>
        t("submit.articleChoice", { number: a.number, title: a.title }),
      )}
      defaults={{
        name: me.user.name,
        badgeNumber: me.user.badgeNumber ?? "",
        department: config.data.departments.includes(me.user.department ?? "")
          ? (me.user.department ?? "")
          : "",
        location: config.data.locations.includes(me.user.facility ?? "")
          ? (me.user.facility ?? "")
          : "",
      }}
      lists={config.data}
      staff={staff}
      prefill={prefillFromQuery(params, staff)}
      today={todayIn(procedure.data?.timeZone ?? DEFAULT_TIME_ZONE, new Date())}
      filingLimit={procedure.data?.filingLimit ?? null}
    />
  );
}

/** Shown instead of the form when the server accepted a filing past the filing limit. */
function FiledLate({ grievance, limit }: { grievance: TGrievance; limit: TLimit | null }) {
  const { t } = useWords();
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t("submit.submitted")}</h1>
      <Alert tone="warning">
        <strong className="block">{t("submit.lateTitle")}</strong>
        {t("submit.lateText", {
          id: grievance.id,
          limit: limit
            ? t(`deadline.limit.${limit.dayType}`, { count: limit.days })
            : t("submit.contractLimit"),
        })}
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={`/grievances/${grievance.id}`}>{t("submit.view")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/grievances">{t("common.backToList")}</Link>
        </Button>
      </div>
    </div>
  );
}

/** The filing form itself (exported for its component test). */
export function GrievanceForm({
  defaults,
  lists,
  staff,
  prefill,
  today,
  filingLimit,
  articleChoices,
}: {
  defaults: { name: string; badgeNumber: string; department: string; location: string };
  lists: { jobTitles: string[]; departments: string[]; locations: string[] };
  /** Stewards and admins choose the type and link related grievances (issue 19). */
  staff: boolean;
  /** From the query string: type, articles, related ids. */
  prefill: Prefill;
  /** The organization's day: an incident cannot be later. */
  today: string;
  filingLimit: TLimit | null;
  /** The contract's articles (issue 30), offered as the article is typed. */
  articleChoices?: string[];
}) {
  const { t } = useWords();
  const labels = useDefaults();
  const navigate = useNavigate();
  const fileGrievance = useFileGrievance();
  const [files, setFiles] = useState<File[]>([]);
  const [late, setLate] = useState<TGrievance | null>(null);
  const form = useForm<TGrievanceInput>({
    resolver: zodResolver(ZGrievanceInput),
    defaultValues: {
      ...defaults,
      subject: "",
      incidentDate: "",
      articles: prefill.articles,
      jobTitle: "",
      description: "",
      remedy: "",
      type: prefill.type,
      grievantIds: [],
      relatedIds: prefill.relatedIds,
    },
  });
  const type = form.watch("type") ?? "individual";
  const canRoster = useCan("manage:roster");
  const [filingFor, setFilingFor] = useState<TRosterPerson | null>(null);
  /** The roster person's details in the form, where the organization's lists have them. */
  function fillFrom(person: TRosterPerson) {
    form.setValue("name", person.name);
    if (person.badgeNumber) form.setValue("badgeNumber", person.badgeNumber);
    const pick = (field: "department" | "location" | "jobTitle", list: string[]) => {
      const value = person[field];
      if (value && list.includes(value)) form.setValue(field, value);
    };
    pick("department", lists.departments);
    pick("location", lists.locations);
    pick("jobTitle", lists.jobTitles);
  }
  const { errors, isSubmitting } = form.formState;

  function addFiles(list: FileList | null) {
    const picked = [...(list ?? [])];
    const tooBig = picked.find((f) => f.size > MAX_FILE);
    if (tooBig)
      toast.error(t("submit.uploadFailed"), {
        description: t("submit.tooBig", { name: tooBig.name }),
      });
    setFiles((current) => [...current, ...picked.filter((f) => f.size <= MAX_FILE)].slice(0, 5));
  }

  async function onSubmit(values: TGrievanceInput) {
    if (values.incidentDate && values.incidentDate > today) {
      form.setError("incidentDate", { message: GrievanceMessages.incidentInFuture });
      return;
    }
    if (values.type === "group" && (values.grievantIds ?? []).length === 0) {
      form.setError("grievantIds", { message: GrievanceMessages.grievants });
      return;
    }
    try {
      const grievance = await fileGrievance.mutateAsync({
        ...values,
        jobTitle: values.type === "policy" ? "" : values.jobTitle,
        grievantIds: values.type === "group" ? values.grievantIds : [],
        grievantRosterId:
          values.type === "individual" ? values.grievantRosterId || undefined : undefined,
      });
      const failed: string[] = [];
      for (const f of files) {
        await uploadAttachment(grievance.id, f).catch((e: Error) =>
          failed.push(`${f.name}: ${translateMessage(e.message)}`),
        );
      }
      toast.success(t("submit.submitted"), {
        description: t("submit.submittedText", { id: grievance.id }),
      });
      if (failed.length > 0)
        toast.error(t("submit.uploadFailed"), { description: failed.join("; ") });
      if (grievance.filingLate) setLate(grievance);
      else setTimeout(() => navigate("/grievances"), Delays.afterSubmit);
    } catch (error) {
      // The server's field messages go on their inputs; the spec's toast shows every failure.
      applyServerErrors(form, error, () => {});
      toast.error(t("submit.failed"), { description: t("submit.failedText") });
    }
  }

  // The stored value is the entry; a default entry reads in the reader's words (decision 039).
  const options = (name: DefaultListName, list: string[]) =>
    list.map((o) => (
      <option key={o} value={o}>
        {labels.entry(name, o)}
      </option>
    ));
  if (late) return <FiledLate grievance={late} limit={filingLimit} />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("submit.title")}</h1>
        <p className="text-muted-foreground">{t("submit.intro")}</p>
      </div>
      <Card>
        <CardContent className="p-6">
          <form
            className="grid gap-4 sm:grid-cols-2"
            noValidate
            onSubmit={form.handleSubmit(onSubmit)}
          >
            {staff ? (
              <div className="space-y-4 sm:col-span-2">
                <Field
                  label={t("submit.type")}
                  error={message(errors.type?.message)}
                  hint={
                    type === "policy"
                      ? t("submit.policyHint")
                      : type === "group"
                        ? t("submit.groupHint")
                        : undefined
                  }
                >
                  <Select {...form.register("type")}>
                    {GRIEVANCE_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {t(`submit.types.${value}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {type === "individual" && canRoster ? (
                  <Controller
                    control={form.control}
                    name="grievantRosterId"
                    render={({ field }) => (
                      <Field
                        label={t("submit.filingFor")}
                        hint={t("submit.filingForHint")}
                        error={message(errors.grievantRosterId?.message)}
                      >
                        <RosterPersonPicker
                          value={filingFor}
                          onChange={(person) => {
                            setFilingFor(person);
                            field.onChange(person?.id ?? undefined);
                            if (person) fillFrom(person);
                          }}
                        />
                      </Field>
                    )}
                  />
                ) : null}
                {type === "group" ? (
                  <Controller
                    control={form.control}
                    name="grievantIds"
                    render={({ field }) => (
                      <Field
                        label={t("submit.grievants")}
                        error={message(
                          errors.grievantIds?.message ?? errors.grievantIds?.[0]?.message,
                        )}
                      >
                        <GrievantPicker value={field.value ?? []} onChange={field.onChange} />
                      </Field>
                    )}
                  />
                ) : null}
                {prefill.relatedIds.length > 0 ? (
                  <Controller
                    control={form.control}
                    name="relatedIds"
                    render={({ field }) => (
                      <div data-testid="related-prefill">
                        <p className="text-sm font-medium">{t("submit.relatedPrefill")}</p>
                        <ul className="mt-1 flex flex-wrap gap-2">
                          {(field.value ?? []).map((id) => (
                            <li
                              key={id}
                              className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-sm"
                            >
                              {id}
                              <button
                                type="button"
                                aria-label={t("submit.doNotLink", { id })}
                                className="rounded p-0.5 hover:bg-background"
                                onClick={() =>
                                  field.onChange((field.value ?? []).filter((v) => v !== id))
                                }
                              >
                                <X aria-hidden className="size-3" />
                              </button>
                            </li>
                          ))}
                        </ul>
                        {errors.relatedIds?.message ? (
                          <p role="alert" className="text-sm text-destructive">
                            {message(errors.relatedIds.message)}
                          </p>
                        ) : null}
                      </div>
                    )}
                  />
                ) : null}
              </div>
            ) : null}
            <Field label={t("submit.fullName")} error={message(errors.name?.message)}>
              <Input autoComplete="name" {...form.register("name")} />
            </Field>
            <Field label={t("submit.badge")} error={message(errors.badgeNumber?.message)}>
              <Input {...form.register("badgeNumber")} />
            </Field>
            {/* A policy grievance has no individual grievant, so no job title (issue 30). */}
            {type === "policy" ? null : (
              <Field label={t("submit.jobTitle")} error={message(errors.jobTitle?.message)}>
                <Select {...form.register("jobTitle")}>
                  <option value="">{t("submit.selectJobTitle")}</option>
                  {options("jobTitles", lists.jobTitles)}
                </Select>
              </Field>
            )}
            <Field label={t("submit.department")} error={message(errors.department?.message)}>
              <Select {...form.register("department")}>
                <option value="">{t("submit.selectDepartment")}</option>
                {options("departments", lists.departments)}
              </Select>
            </Field>
            <div className="sm:col-span-2">
              <Field label={t("submit.location")} error={message(errors.location?.message)}>
                <Select {...form.register("location")}>
                  <option value="">{t("submit.selectLocation")}</option>
                  {options("locations", lists.locations)}
                </Select>
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field
                label={t("submit.subject")}
                error={message(errors.subject?.message)}
                hint={t("submit.subjectHint")}
              >
                <Input maxLength={SUBJECT_MAX} {...form.register("subject")} />
              </Field>
            </div>
            <Field
              label={t("submit.incidentDate")}
              error={message(errors.incidentDate?.message)}
              hint={t("submit.incidentHint")}
            >
              <Input type="date" max={today} {...form.register("incidentDate")} />
            </Field>
            <Controller
              control={form.control}
              name="articles"
              render={({ field }) => (
                <Field
                  label={t("submit.articles")}
                  error={message(errors.articles?.message ?? errors.articles?.[0]?.message)}
                  hint={t("submit.articlesHint")}
                >
                  <ListInput
                    label={t("submit.article")}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    maxLength={100}
                    suggestions={articleChoices}
                  />
                </Field>
              )}
            />
            <div className="sm:col-span-2">
              <Field
                label={t("submit.whatHappened")}
                error={message(errors.description?.message)}
                hint={t("submit.whatHappenedHint")}
              >
                <Textarea rows={6} {...form.register("description")} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label={t("submit.remedy")} error={message(errors.remedy?.message)}>
                <Textarea rows={3} {...form.register("remedy")} />
              </Field>
            </div>
            <div className="space-y-2 sm:col-span-2">
              <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-primary">
                <Paperclip aria-hidden className="size-4" /> {t("submit.attach")}
                <input
                  type="file"
                  multiple
                  className="sr-only"
                  accept=".pdf,image/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx"
                  onChange={(e) => {
                    addFiles(e.target.files);
                    e.target.value = "";
                  }}
                />
              </label>
              {files.length > 0 ? (
                <ul className="space-y-1 text-sm">
                  {files.map((f, i) => (
                    <li
                      key={`${f.name}-${f.size}-${f.lastModified}`}
                      className="flex items-center gap-2"
                    >
                      {f.name}
                      <button
                        type="button"
                        aria-label={t("submit.removeFile", { name: f.name })}
                        className="rounded p-0.5 hover:bg-muted"
                        onClick={() => setFiles(files.filter((_, j) => j !== i))}
                      >
                        <X aria-hidden className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? t("submit.submitting") : t("submit.submit")}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
