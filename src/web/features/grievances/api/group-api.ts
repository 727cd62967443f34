import type { TConvertInput, TGrievance } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";
import { useGrievanceMutation } from "./grievances.ts";

const path = (id: string, rest: string) => `/api/grievances/${encodeURIComponent(id)}/${rest}`;

/** Links two grievances (both show the link). */
export const useLinkGrievance = () =>
  useGrievanceMutation(({ id, relatedId }: { id: string; relatedId: string }) =>
    apiRequest<TGrievance>(path(id, "related"), {
      method: "POST",
      body: { grievanceId: relatedId },
    }),
  );

export const useUnlinkGrievance = () =>
  useGrievanceMutation(({ id, relatedId }: { id: string; relatedId: string }) =>
    apiRequest<TGrievance>(path(id, `related/${encodeURIComponent(relatedId)}`), {
      method: "DELETE",
    }),
  );

/** Joins open individual grievances into a new group grievance; answers the new one. */
export const useConvertToGroup = () =>
  useGrievanceMutation((input: TConvertInput) =>
    apiRequest<TGrievance>("/api/grievances/convert-to-group", { method: "POST", body: input }),
  );
