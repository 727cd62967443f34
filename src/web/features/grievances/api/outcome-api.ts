import type { TCloseInput, TGrievance } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";
import { useGrievanceMutation } from "./grievances.ts";

const post = (id: string, action: string, body: unknown = {}) =>
  apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/${action}`, {
    method: "POST",
    body,
  });

/** Close with an outcome (issue 19). */
export const useCloseGrievance = () =>
  useGrievanceMutation(({ id, input }: { id: string; input: TCloseInput }) =>
    post(id, "close", input),
  );

export const useReopenGrievance = () =>
  useGrievanceMutation(({ id, reason }: { id: string; reason: string }) =>
    post(id, "reopen", { reason }),
  );

/** 'I received it' (a grievant) or the steward recording the payment. */
export const useRemedyReceived = () =>
  useGrievanceMutation(({ id }: { id: string }) => post(id, "remedy/received"));

/** Where the case file downloads from. */
export const caseFileUrl = (id: string) =>
  `/api/grievances/${encodeURIComponent(id)}/case-file.pdf`;
