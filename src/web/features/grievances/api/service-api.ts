import { useQuery } from "@tanstack/react-query";
import type { TServeInput, TService } from "../../../../shared/schemas/employer.ts";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";
import { employerContactsQuery } from "../../../lib/employer-contacts.ts";
import { grievanceKeys, useGrievanceMutation } from "./grievances.ts";

/** Whom a steward can serve (issue 20). */
export const useEmployerContacts = (enabled = true) => useQuery(employerContactsQuery(enabled));

/** Under the grievances' key: live updates and every grievance action refresh it. */
export const useServices = (id: string) =>
  useQuery({
    queryKey: [...grievanceKeys.all, "services", id],
    queryFn: async () =>
      (
        await apiRequest<{ items: TService[] }>(
          `/api/grievances/${encodeURIComponent(id)}/services`,
        )
      ).items,
  });

export const useServe = () =>
  useGrievanceMutation(({ id, input }: { id: string; input: TServeInput }) =>
    apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/serve`, {
      method: "POST",
      body: input,
    }),
  );
