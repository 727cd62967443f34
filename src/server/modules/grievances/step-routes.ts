import {
  ZAnswerCorrection,
  ZAppealInput,
  ZAssignInput,
  ZExtensionInput,
  ZHoldInput,
  ZResponseInput,
  ZResumeInput,
  ZStatusChange,
} from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { grievanceAction } from "./action-route.ts";
import type { ActionContext } from "./lock.ts";
import {
  appeal,
  assignGrievance,
  changeStatus,
  correctAnswer,
  extendDeadline,
  holdGrievance,
  recordResponse,
  resumeGrievance,
} from "./step-actions.ts";

/**
 * The grievance procedure's actions on one grievance (issue 17): stewards and admins only
 * (members 403, another organization's grievance 404, a state that does not allow it 409).
 * Each answers the grievance as it now stands.
 */
export function grievanceStepRoutes(app: AppInstance): void {
  const actions = [
    ["status", ZStatusChange, changeStatus],
    ["response", ZResponseInput, recordResponse],
    ["appeal", ZAppealInput, appeal],
    ["extensions", ZExtensionInput, extendDeadline],
    ["hold", ZHoldInput, holdGrievance],
    ["resume", ZResumeInput, resumeGrievance],
    ["assign", ZAssignInput, assignGrievance],
    ["answer/correct", ZAnswerCorrection, correctAnswer],
  ] as const;
  for (const [path, body, run] of actions) {
    grievanceAction(
      app,
      { method: "POST", url: `/api/grievances/:id/${path}`, access: "update:grievance", body },
      (ctx, request) =>
        (run as (c: ActionContext, id: string, input: unknown) => Promise<void>)(
          ctx,
          request.params.id,
          request.body,
        ),
    );
  }
}
