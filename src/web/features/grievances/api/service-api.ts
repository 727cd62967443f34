import { useQuery } from "@tanstack/react-query";
import type { TServeInput } from "../../../../shared/schemas/employer.ts";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";
import { employerContactsQuery } from "../../../lib/employer-contacts.ts";
import { servicesQuery } from "../queries.ts";
import { useGrievanceMutation } from "./grievances.ts";

/** Whom a steward can serve (issue 20). */
export const useEmployerContacts = (enabled = true) => useQuery(employerContactsQuery(enabled));

export const useServices = (id: string) => useQuery(servicesQuery(id));

export const useServe = () =>
  useGrievanceMutation(({ id, input }: { id: string; input: TServeInput }) =>
    apiRequest<TGrievance>(`/api/grievances/${encodeURIComponent(id)}/serve`, {
      method: "POST",
      body: input,
    }),
  );
