import {
  AlarmClock,
  AlertTriangle,
  CalendarClock,
  CheckCircle2,
  Clock,
  FileText,
  Inbox,
  Megaphone,
  TrendingUp,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LOCALE_TAG } from "../../../../shared/i18n/languages.ts";
import { Alert } from "../../../components/ui/Alert.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useLineText } from "../../../lib/line-text.ts";
import { usePageTitle } from "../../../lib/page-title.ts";
import { MyQuestions } from "../../../lib/Questions.tsx";
import { useMe } from "../../../lib/session.ts";
import { useDashboardStats, useRecentActivity } from "../api/dashboard.ts";
import { OutcomesCard } from "../components/OutcomesCard.tsx";
import { PatternCards } from "../components/PatternCards.tsx";

/** The displayed name: the account's name, else the part of the email before '@', else 'New User'. */
const displayName = (fallback: string, name?: string, email?: string) =>
  name || email?.split("@")[0] || fallback;
const preview = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

function StatCard({
  label,
  testId,
  value,
  to,
  icon,
  tone,
}: {
  label: string;
  /** The card's test id, 'stat-{testId}': the English label, the same in every language. */
  testId: string;
  value: number | undefined;
  to: string;
  icon: ReactNode;
  /** 'alert' outlines the card in red (overdue deadlines). */
  tone?: "alert";
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Card className={tone === "alert" ? "border-red-400 dark:border-red-800" : undefined}>
      <CardContent className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-2 text-sm text-muted-foreground">
          <span>{label}</span>
          <span className="shrink-0 pt-0.5">{icon}</span>
        </div>
        <p className="text-3xl font-bold" data-testid={`stat-${testId}`}>
          {value ?? "–"}
        </p>
        <Link
          to={to}
          className="text-sm text-primary hover:underline"
          aria-label={t("stats.viewAllOf", { label })}
        >
          {t("stats.viewAll")}
        </Link>
      </CardContent>
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  // The activity's entries are stored as kinds and parameters: written in the reader's words.
  const action = useLineText();
  const language = currentLanguage();
  usePageTitle(t("title"));
  const { me } = useMe();
  const stats = useDashboardStats();
  const activity = useRecentActivity();
  const setupMissing = me?.role === "admin" && me.organization && !me.organization.setupCompleted;
  const s = stats.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t("welcome", { name: displayName(t("newUser"), me?.user.name, me?.user.email) })}
        </h1>
        {me?.organization ? <p className="text-muted-foreground">{me.organization.name}</p> : null}
      </div>
      {setupMissing ? (
        <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex items-start gap-2">
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="block">{t("setup.title")}</strong>
              {t("setup.text")}
            </span>
          </span>
          <Button asChild size="sm">
            <Link to="/organization-setup">{t("setup.action")}</Link>
          </Button>
        </Alert>
      ) : null}
      {stats.isError ? <Alert tone="error">{t("statsError")}</Alert> : null}
      <PatternCards />
      {s && s.overdue !== null && s.dueThisWeek !== null ? (
        // Stewards and admins: the deadlines that need them, moving live like the rest.
        <div className="grid grid-cols-2 gap-3 sm:gap-4">
          <StatCard
            label={t("stats.overdue")}
            testId="Overdue"
            value={s.overdue}
            to="/grievances?due=overdue&sort=deadline"
            tone={s.overdue > 0 ? "alert" : undefined}
            icon={<AlarmClock aria-hidden className="size-4" />}
          />
          <StatCard
            label={t("stats.dueThisWeek")}
            testId="Due this week"
            value={s.dueThisWeek}
            to="/grievances?due=week&sort=deadline"
            icon={<CalendarClock aria-hidden className="size-4" />}
          />
        </div>
      ) : null}
      {s && s.contactOverdue !== null && s.contactOverdue > 0 ? (
        // Issue 34: open cases whose grievant has gone past the local's contact limit.
        <Alert tone="warning" data-testid="contact-overdue">
          <Link to="/deadlines">{t("contactOverdue", { count: s.contactOverdue })}</Link>
        </Alert>
      ) : null}
      {s && s.contactOverdue === null ? <MyQuestions /> : null}
      {s?.outcomes ? <OutcomesCard outcomes={s.outcomes} /> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t("stats.total")}
          testId="Total Grievances"
          value={s?.totalGrievances}
          to="/grievances"
          icon={<Inbox aria-hidden className="size-4" />}
        />
        <StatCard
          label={t("stats.resolved")}
          testId="Resolved Grievances"
          value={s?.resolvedGrievances}
          to="/grievances?status=resolved"
          icon={<CheckCircle2 aria-hidden className="size-4" />}
        />
        <StatCard
          label={t("stats.pending")}
          testId="Pending Grievances"
          value={s?.pendingGrievances}
          to="/grievances?status=pending"
          icon={<Clock aria-hidden className="size-4" />}
        />
        <StatCard
          label={t("stats.escalated")}
          testId="Escalated Grievances"
          value={s?.escalatedGrievances}
          to="/grievances?status=escalated"
          icon={<TrendingUp aria-hidden className="size-4" />}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:col-span-1 lg:grid-cols-1">
          <StatCard
            label={t("stats.documents")}
            testId="Documents"
            value={s?.documents}
            to="/documents"
            icon={<FileText aria-hidden className="size-4" />}
          />
          <StatCard
            label={t("stats.announcements")}
            testId="Announcements"
            value={s?.announcements}
            to="/announcements"
            icon={<Megaphone aria-hidden className="size-4" />}
          />
        </div>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("activity.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            {activity.isPending ? (
              <p className="text-sm text-muted-foreground">{t("activity.loading")}</p>
            ) : !activity.data || activity.data.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("activity.empty")}</p>
            ) : (
              <ul className="divide-y divide-border">
                {activity.data.map((item) => (
                  <li
                    key={item.id}
                    className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-3"
                  >
                    <div className="min-w-0">
                      <Link
                        to={`/grievances/${item.grievanceId}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {item.grievanceId}
                      </Link>{" "}
                      <span className="text-muted-foreground">
                        {t("activity.by", { user: item.user })}
                      </span>
                      <p title={action(item.line)}>{preview(action(item.line))}</p>
                    </div>
                    <time
                      className="text-xs text-muted-foreground sm:shrink-0"
                      dateTime={item.time}
                    >
                      {new Date(item.time).toLocaleString(LOCALE_TAG[language], {
                        dateStyle: "medium",
                        timeStyle: "short",
                      })}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
