/**
 * Every catalogue, for the server (mails, case file, calendar, API messages), the build's
 * pre-rendering and tests. The browser loads them one language and namespace at a time
 * instead (web/lib/i18n.ts). One JSON file per namespace and language (decision 024).
 */
import type { Language } from "./languages.ts";
import en_announcements from "./locales/en/announcements.json" with { type: "json" };
import en_auth from "./locales/en/auth.json" with { type: "json" };
import en_billing from "./locales/en/billing.json" with { type: "json" };
import en_calendar from "./locales/en/calendar.json" with { type: "json" };
import en_casefile from "./locales/en/casefile.json" with { type: "json" };
import en_common from "./locales/en/common.json" with { type: "json" };
import en_dashboard from "./locales/en/dashboard.json" with { type: "json" };
import en_deadlines from "./locales/en/deadlines.json" with { type: "json" };
import en_directory from "./locales/en/directory.json" with { type: "json" };
import en_documents from "./locales/en/documents.json" with { type: "json" };
import en_employer from "./locales/en/employer.json" with { type: "json" };
import en_grievances from "./locales/en/grievances.json" with { type: "json" };
import en_mail from "./locales/en/mail.json" with { type: "json" };
import en_marketing from "./locales/en/marketing.json" with { type: "json" };
import en_messages from "./locales/en/messages.json" with { type: "json" };
import en_organizations from "./locales/en/organizations.json" with { type: "json" };
import en_profile from "./locales/en/profile.json" with { type: "json" };
import en_reports from "./locales/en/reports.json" with { type: "json" };
import es_announcements from "./locales/es/announcements.json" with { type: "json" };
import es_auth from "./locales/es/auth.json" with { type: "json" };
import es_billing from "./locales/es/billing.json" with { type: "json" };
import es_calendar from "./locales/es/calendar.json" with { type: "json" };
import es_casefile from "./locales/es/casefile.json" with { type: "json" };
import es_common from "./locales/es/common.json" with { type: "json" };
import es_dashboard from "./locales/es/dashboard.json" with { type: "json" };
import es_deadlines from "./locales/es/deadlines.json" with { type: "json" };
import es_directory from "./locales/es/directory.json" with { type: "json" };
import es_documents from "./locales/es/documents.json" with { type: "json" };
import es_employer from "./locales/es/employer.json" with { type: "json" };
import es_grievances from "./locales/es/grievances.json" with { type: "json" };
import es_mail from "./locales/es/mail.json" with { type: "json" };
import es_marketing from "./locales/es/marketing.json" with { type: "json" };
import es_messages from "./locales/es/messages.json" with { type: "json" };
import es_organizations from "./locales/es/organizations.json" with { type: "json" };
import es_profile from "./locales/es/profile.json" with { type: "json" };
import es_reports from "./locales/es/reports.json" with { type: "json" };

/** The namespaces: one per feature, plus common (shell, shared parts) and messages (API and form messages keyed by their English text). */
export const NAMESPACES = [
  "common",
  "messages",
  "marketing",
  "grievances",
  "organizations",
  "directory",
  "auth",
  "profile",
  "billing",
  "dashboard",
  "deadlines",
  "announcements",
  "documents",
  "reports",
  "employer",
  "mail",
  "casefile",
  "calendar",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalogue = { [key: string]: string | Catalogue };

export const CATALOGUES: Record<Language, Record<Namespace, Catalogue>> = {
  en: {
    common: en_common,
    messages: en_messages,
    marketing: en_marketing,
    grievances: en_grievances,
    organizations: en_organizations,
    directory: en_directory,
    auth: en_auth,
    profile: en_profile,
    billing: en_billing,
    dashboard: en_dashboard,
    deadlines: en_deadlines,
    announcements: en_announcements,
    documents: en_documents,
    reports: en_reports,
    employer: en_employer,
    mail: en_mail,
    casefile: en_casefile,
    calendar: en_calendar,
  },
  es: {
    common: es_common,
    messages: es_messages,
    marketing: es_marketing,
    grievances: es_grievances,
    organizations: es_organizations,
    directory: es_directory,
    auth: es_auth,
    profile: es_profile,
    billing: es_billing,
    dashboard: es_dashboard,
    deadlines: es_deadlines,
    announcements: es_announcements,
    documents: es_documents,
    reports: es_reports,
    employer: es_employer,
    mail: es_mail,
    casefile: es_casefile,
    calendar: es_calendar,
  },
};
