import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
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
