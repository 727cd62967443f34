import { z } from "zod";
import { todayIn } from "../../../shared/deadline-engine/index.ts";
import {
  ZContactInput,
  ZQuestion,
  ZQuestionAsked,
  ZQuestionInput,
  ZQuestionList,
  ZReplyInput,
} from "../../../shared/schemas/representation.ts";
import type { AppInstance } from "../../app.ts";
import { withTenant } from "../../db/tenant.ts";
import { contentDisposition } from "../../lib/files/disposition.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { now, ZId } from "../../lib/routes.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import { requireTenant, requireUser } from "../../plugins/access.ts";
import { actionContext } from "./action-route.ts";
import { logContact } from "./contacts.ts";
import { grievanceDetail } from "./detail.ts";
import { visibilityOf } from "./lock.ts";
import { listQuestions } from "./question-list.ts";
import { askQuestion, replyToQuestion } from "./questions.ts";
import { renderRepresentationRecord } from "./representation-record.ts";

const ZQuestionId = z.object({ questionId: z.uuid("Question Not Found") });

/**
 * Fair representation on the record (issue 34, product-decisions.md 36): contacts logged with
 * grievants, members' questions and their replies.
 */
export function representationRoutes(app: AppInstance): void {
  app.post(
    "/api/grievances/:id/contacts",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId,
        body: ZContactInput,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const done = await logContact(actionContext(app, request), request.params.id, request.body);
      return reply.status(201).send(done);
    },
  );

  app.post(
    "/api/grievances/:id/questions",
    {
      config: { access: "member" },
      schema: { params: ZId, body: ZQuestionInput, response: { 201: ZQuestionAsked } },
    },
    async (request, reply) => {
      const asked = await askQuestion(
        actionContext(app, request),
        request.params.id,
        request.body.text,
      );
      return reply.status(201).send(asked);
    },
  );

  /** A question from the dashboard, about no one case. */
  app.post(
    "/api/questions",
    {
      config: { access: "member" },
      schema: { body: ZQuestionInput, response: { 201: ZQuestionAsked } },
    },
    async (request, reply) => {
      const asked = await askQuestion(actionContext(app, request), null, request.body.text);
      return reply.status(201).send(asked);
    },
  );

  app.post(
    "/api/grievances/:id/questions/:questionId/reply",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId.extend(ZQuestionId.shape),
        body: ZReplyInput,
        response: { 200: ZQuestion },
      },
    },
    async (request) =>
      replyToQuestion(
        actionContext(app, request),
        request.params.id,
        request.params.questionId,
        request.body.text,
      ),
  );

  app.post(
    "/api/questions/:questionId/reply",
    {
      config: { access: "update:grievance" },
      schema: { params: ZQuestionId, body: ZReplyInput, response: { 200: ZQuestion } },
    },
    async (request) =>
      replyToQuestion(
        actionContext(app, request),
        null,
        request.params.questionId,
        request.body.text,
      ),
  );

  representationReadRoutes(app);
}

/** The questions' list and the representation record. */
function representationReadRoutes(app: AppInstance): void {
  const { db } = app.deps;
  /** Stewards and admins: the open questions, due soonest first; a member: their own. */
  app.get(
    "/api/questions",
    { config: { access: "member" }, schema: { response: { 200: ZQuestionList } } },
    async (request) => {
      const tenant = requireTenant(request);
      const v = visibilityOf(tenant);
      return withTenant(db, tenant.organizationId, async (trx) => {
        const procedure = await loadProcedure(trx, tenant.organizationId);
        return listQuestions(trx, {
          organizationId: tenant.organizationId,
          userId: tenant.userId,
          seesAll: v.seesAll,
          today: todayIn(procedure.timeZone, now(app)),
          limit: 100,
        });
      });
    },
  );

  /**
   * The representation record (stewards and admins): the union's copy, or with
   * `?copy=grievant` the copy handed to the member, without internal summaries.
   */
  app.get(
    "/api/grievances/:id/representation-record.pdf",
    {
      config: { access: "update:grievance" },
      schema: {
        params: ZId,
        querystring: z.object({ copy: z.enum(["union", "grievant"]).default("union") }),
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const at = now(app);
      const grievance = await grievanceDetail(db, tenant, request.params.id, at);
      const grievantCopy = request.query.copy === "grievant";
      const [procedure, organization] = await Promise.all([
        loadProcedure(db, tenant.organizationId),
        withTenant(db, tenant.organizationId, (trx) => getOrganization(trx, tenant.organizationId)),
      ]);
      const pdf = await renderRepresentationRecord({
        organizationName: organization?.name ?? "",
        // The member's copy keeps the record whole but each internal summary (decision 28).
        grievance: grievantCopy
          ? {
              ...grievance,
              contacts: grievance.contacts.map((c) => (c.internal ? { ...c, summary: null } : c)),
            }
          : grievance,
        procedure,
        grievantCopy,
        generatedAt: at,
        language: requireUser(request).language,
      });
      return reply
        .type("application/pdf")
        .header(
          "content-disposition",
          contentDisposition("attachment", `representation-record-${grievance.id}`, "pdf"),
        )
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(pdf);
    },
  );
}
