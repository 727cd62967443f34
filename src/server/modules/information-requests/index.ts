/**
 * What other modules may use of information requests: the employer's link (modules/employer)
 * answers a request token through these, and the jobs send the due-date reminders.
 */
export { informationSections } from "./case-file.ts";
export { informationReminderJob, sendInformationReminders } from "./reminders.ts";
export {
  answerRequestLink,
  isRequestToken,
  letterOfLink,
  type RequestFile,
  readRequestLink,
  requestLinkNotFound,
  requestOfToken,
} from "./respond.ts";
export { informationRequestRoutes } from "./routes.ts";
