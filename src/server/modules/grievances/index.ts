/**
 * What other modules may use of grievances: the employer link serves and answers grievances
 * through these, and the dashboard counts them. Everything else here is the module's own.
 */
export { actionContext } from "./action-route.ts";
export { attachmentKey } from "./attachments.ts";
export { caseFileChunks } from "./case-file.ts";
export { caseFilePdf } from "./case-file-export.ts";
export {
  assertCaseFileRate,
  caseFilePool,
  createCaseFilePool,
  retryLater,
} from "./case-file-pool.ts";
export { caseFileSources } from "./case-file-sources.ts";
export { clocksByIds, overdueContacts } from "./contact-clock.ts";
export { csvRow } from "./csv.ts";
export { DEADLINE_COLUMNS, deadlineSubject } from "./deadlines.ts";
export { grievanceDetail } from "./detail.ts";
export { log } from "./event-log.ts";
export { forGrievant } from "./grievant-view.ts";
export { pauseForInformation, resumeAfterInformation } from "./information-toll.ts";
export { type ActionContext, conflict, lockGrievance, visibilityOf } from "./lock.ts";
export { notify } from "./notify.ts";
export { outcomeStats } from "./outcome-detail.ts";
export { dueCounts, findVisible, recentEvents, statusCounts } from "./repo.ts";
export { recordResponse } from "./step-actions.ts";
