import { z } from "zod";
import {
  ZAnswerCorrection,
  ZAppealInput,
  ZAssignInput,
  ZExtensionInput,
  ZGrievance,
  ZHoldInput,
  ZResponseInput,
  ZResumeInput,
  ZStatusChange,
} from "../../../shared/schemas/grievances.ts";
import type { AppInstance } from "../../app.ts";
import { requireTenant } from "../../plugins/access.ts";
import {
  appeal,
  assignGrievance,
  changeStatus,
  correctAnswer,
  extendDeadline,
  holdGrievance,
  recordResponse,
  resumeGrievance,
} from "./procedure-actions.ts";
import { type ActionContext, type Actor, grievanceDetail } from "./service.ts";

const ZId = z.object({ id: z.string().min(1).max(40) });

/**
 * The procedure's actions on one grievance (issue 17): stewards and admins only (members 403,
 * another organization's grievance 404, a state that does not allow it 409). Each answers the
 * grievance as it now stands.
 */
export function procedureRoutes(
  app: AppInstance,
  helpers: { actorOf(request: Parameters<typeof requireTenant>[0]): Actor; now(): Date },
): void {
  const { db } = app.deps;
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
    app.post(
      `/api/grievances/:id/${path}`,
      {
        config: { access: "update:grievance" },
        schema: { params: ZId, body, response: { 200: ZGrievance } },
      },
      async (request) => {
        const tenant = requireTenant(request);
        const ctx: ActionContext = {
          db,
          tenant,
          actor: helpers.actorOf(request),
          now: helpers.now(),
          appUrl: app.deps.env.APP_URL,
        };
        await (run as (c: ActionContext, id: string, input: unknown) => Promise<void>)(
          ctx,
          request.params.id,
          request.body,
        );
        return grievanceDetail(db, tenant, request.params.id, ctx.now);
      },
    );
  }
}
