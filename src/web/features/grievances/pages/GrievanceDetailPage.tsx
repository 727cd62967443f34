import { ArrowLeft, Download, FileText } from "lucide-react";
import { Link, useParams } from "react-router";
import { todayIn } from "../../../../shared/deadline-engine/index.ts";
import { formatDate, formatNumber } from "../../../../shared/i18n/format.ts";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { DEFAULT_TIME_ZONE } from "../../../../shared/schemas/procedure.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDefaults } from "../../../lib/default-labels.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { useCan, useCanWrite, useReadOnly } from "../../../lib/session.ts";
import { useGrievance } from "../api/grievances.ts";
import { caseFileUrl } from "../api/outcome-api.ts";
import { useProcedure } from "../api/procedure-api.ts";
import { ActionBar } from "../components/ActionBar.tsx";
import { ActivityLog } from "../components/ActivityLog.tsx";
import { AssigneePicker } from "../components/AssigneePicker.tsx";
import { CommentForm } from "../components/CommentForm.tsx";
import { ConvertButton } from "../components/ConvertDialog.tsx";
import { EmployerAnswers } from "../components/EmployerAnswers.tsx";
import { GrievantLastUpdated } from "../components/GrievantLastUpdated.tsx";
import { GrievantsPanel } from "../components/GrievantsPanel.tsx";
import { InformationRequestsPanel } from "../components/InformationRequestsPanel.tsx";
import { CloseButton, OutcomePanel } from "../components/OutcomePanel.tsx";
import { RelatedPanel } from "../components/RelatedPanel.tsx";
import { ContactsPanel, QuestionsPanel } from "../components/RepresentationPanel.tsx";
import { ServicePanel } from "../components/ServicePanel.tsx";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { StepTimeline } from "../components/StepTimeline.tsx";
import { dayLabel, deadlineSummary, grievantSummary } from "../lib/deadline-words.ts";
import { labelledGrievance } from "../lib/labelled.ts";
import { useWords } from "../lib/words.ts";

export function GrievanceDetailPage() {
  const { t } = useWords();
  usePageTitle(t("detail.pageTitle"));
  const { id = "" } = useParams();
  const grievance = useGrievance(id);
  const procedure = useProcedure();
  const defaults = useDefaults();

  if (grievance.isPending || procedure.isPending)
    return <LoadingScreen label={t("detail.loading")} />;
  // A refetch that finds it gone (a grievant just removed from a group grievance) hides the
  // copy in the cache: React Query keeps the last data on an error.
  const gone = grievance.error instanceof ApiError && grievance.error.status === 404;
  const g = gone ? undefined : grievance.data;
  if (!g) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-xl font-semibold">{t("detail.notFound")}</h1>
        <p className="text-muted-foreground">{t("detail.notFoundText")}</p>
        <Button asChild>
          <Link to="/grievances">{t("common.backToList")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <GrievanceDetail
      g={labelledGrievance(g, defaults)}
      steps={
        procedure.data?.steps.map((s, index) => ({ index, name: defaults.step(s.name) })) ?? []
      }
      timeZone={procedure.data?.timeZone ?? DEFAULT_TIME_ZONE}
    />
  );
}

function GrievanceDetail({
  g,
  steps: procedureSteps,
  timeZone,
}: {
  g: TGrievance;
  steps: { index: number; name: string }[];
  timeZone: string;
}) {
  const { t, language } = useWords();
  const staff = useCan("resolve:grievance");
  const canUpdate = useCanWrite("update:grievance");
  // A read-only organization (canceled, lapsed) offers no change at all (issue 14).
  const readOnly = useReadOnly() !== null;
  const canComment = !readOnly && (g.submittedByMe || g.isGrievant || canUpdate);
  const today = todayIn(timeZone, new Date());
  // The grievance's own step stays named as it was, even if the procedure changed since.
  const steps = procedureSteps.some((s) => s.index === g.step.index)
    ? procedureSteps
    : [...procedureSteps, g.step].sort((a, b) => a.index - b.index);
  const nextStep = g.lastStep ? null : (steps.find((s) => s.index === g.step.index + 1) ?? null);
  const openDeadlines = [...g.deadlines]
    .filter((d) => d.state === "open")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));

  const details: [string, string][] = [
    [t("detail.fields.name"), g.name],
    [t("detail.fields.badge"), g.badgeNumber],
    [t("detail.fields.jobTitle"), g.jobTitle],
    [t("detail.fields.department"), g.department],
    [t("detail.fields.location"), g.location],
    [
      t("detail.fields.incidentDate"),
      g.incidentDate ? dayLabel(g.incidentDate, today, language) : t("detail.notGiven"),
    ],
    [
      t("detail.fields.articles"),
      g.articles.length > 0 ? g.articles.join("; ") : t("detail.noArticles"),
    ],
    ...(g.type === "individual"
      ? []
      : ([
          [
            t("detail.fields.type"),
            g.type === "group" ? t("detail.groupGrievance") : t("detail.policyGrievance"),
          ],
          [
            t("detail.fields.grievants"),
            g.grievants.map((p) => p.name).join(", ") || t("detail.noGrievants"),
          ],
        ] as [string, string][])),
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/grievances"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> {t("common.backToList")}
      </Link>
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">
            {g.id} <StatusBadge status={g.status} />
          </h1>
          {g.subject ? <p className="text-lg">{g.subject}</p> : null}
          <p className="text-muted-foreground">
            {t("detail.filed", {
              date: formatDate(language, g.filedDate, {
                year: "numeric",
                month: "long",
                day: "numeric",
              }),
              step: g.step.name,
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={caseFileUrl(g.id)} download>
              <Download aria-hidden className="size-4" /> {t("detail.downloadCaseFile")}
            </a>
          </Button>
          {staff && !readOnly ? <CloseButton g={g} /> : null}
          {staff && !readOnly ? <ConvertButton g={g} /> : null}
        </div>
        {staff && !readOnly ? (
          <ActionBar
            grievanceId={g.id}
            actions={g.actions}
            stepName={g.step.name}
            nextStepName={nextStep?.name ?? null}
            openDeadlines={openDeadlines}
            today={today}
          />
        ) : null}
      </div>

      {g.filingLate ? <Alert tone="warning">{t("detail.filingLate")}</Alert> : null}
      {g.hold ? (
        <Alert tone="warning">
          {t("detail.onHoldSince", {
            day: dayLabel(g.hold.since, today, language),
            reason: g.hold.reason,
          })}
        </Alert>
      ) : null}
      {(g.submittedByMe || g.isGrievant) && !staff ? (
        <Alert tone="info" data-testid="grievant-summary" className="text-base">
          {grievantSummary(
            {
              status: g.status,
              stepName: g.step.name,
              next: g.nextDeadline
                ? {
                    summary: deadlineSummary(g.nextDeadline, language, t),
                    daysOverdue: g.nextDeadline.daysOverdue,
                  }
                : null,
              held: g.hold !== null,
              assigneeName: g.assignee?.name ?? null,
            },
            t,
          )}
        </Alert>
      ) : null}

      <OutcomePanel g={g} />
      {g.type !== "policy" ? <ContactsPanel g={g} staff={staff} /> : null}
      {g.isGrievant || staff ? <QuestionsPanel g={g} staff={staff} /> : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {staff ? (
            <Card>
              <CardHeader>
                <CardTitle>{t("detail.procedure")}</CardTitle>
              </CardHeader>
              <CardContent>
                <StepTimeline
                  steps={steps}
                  currentStep={g.step.index}
                  closed={g.status === "resolved"}
                  deadlines={g.deadlines}
                  answers={g.answers}
                  today={today}
                />
              </CardContent>
            </Card>
          ) : null}
          {staff ? <ServicePanel g={g} /> : <EmployerAnswers answers={g.answers} today={today} />}
          <InformationRequestsPanel
            grievanceId={g.id}
            staff={staff && !readOnly}
            today={today}
            open={g.status !== "resolved"}
          />
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.details")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <dl className="grid gap-3 sm:grid-cols-2">
                {details.map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">{k}</dt>
                    <dd className="font-medium">{v}</dd>
                  </div>
                ))}
              </dl>
              <div>
                <h3 className="text-xs uppercase tracking-wide text-muted-foreground">
                  {t("detail.whatHappened")}
                </h3>
                <p className="whitespace-pre-wrap">{g.description}</p>
              </div>
              <div>
                <h3 className="text-xs uppercase tracking-wide text-muted-foreground">
                  {t("detail.remedySought")}
                </h3>
                <p className="whitespace-pre-wrap">{g.remedy}</p>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("detail.attachments")}</CardTitle>
            </CardHeader>
            <CardContent>
              {g.attachments.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("detail.noAttachments")}</p>
              ) : (
                <ul className="space-y-2">
                  {g.attachments.map((a) => (
                    <li key={a.id}>
                      <a
                        href={`/api/grievances/${encodeURIComponent(g.id)}/attachments/${a.id}`}
                        className="inline-flex items-center gap-2 text-sm text-primary hover:underline"
                      >
                        <FileText aria-hidden className="size-4" /> {a.name}
                        <span className="text-muted-foreground">
                          {t("detail.size", {
                            kb: formatNumber(language, Math.max(1, Math.round(a.size / 1024))),
                          })}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          {canComment ? (
            <Card>
              <CardHeader>
                <CardTitle>
                  {staff ? t("detail.addCommentOrNote") : t("detail.addComment")}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CommentForm grievanceId={g.id} canNote={g.actions.includes("note")} />
              </CardContent>
            </Card>
          ) : null}
        </div>
        <div className="space-y-6">
          {staff ? (
            <Card>
              <CardContent className="pt-6">
                <AssigneePicker
                  grievanceId={g.id}
                  assignee={g.assignee}
                  disabled={!g.actions.includes("assign")}
                />
                {g.isGrievant ? null : (
                  <div className="mt-3">
                    <GrievantLastUpdated at={g.grievantLastUpdatedAt} />
                  </div>
                )}
              </CardContent>
            </Card>
          ) : null}
          {staff ? <GrievantsPanel g={g} /> : null}
          <RelatedPanel g={g} canLink={canUpdate} />
          <Card className="h-fit">
            <CardHeader>
              <CardTitle>{t("detail.activityLog")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ActivityLog entries={g.activityLog} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
