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

/** Adds or removes a grievant of a group grievance. */
export const useChangeGrievant = () =>
  useGrievanceMutation(({ id, userId, add }: { id: string; userId: string; add: boolean }) =>
    add
      ? apiRequest<TGrievance>(path(id, "grievants"), { method: "POST", body: { userId } })
      : apiRequest<TGrievance>(path(id, `grievants/${encodeURIComponent(userId)}`), {
          method: "DELETE",
        }),
  );
