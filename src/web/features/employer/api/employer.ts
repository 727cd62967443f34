import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TEmployerContact,
  TEmployerContactInput,
  TServeInput,
  TService,
} from "../../../../shared/schemas/employer.ts";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { apiRequest } from "../../../lib/api.ts";
import { grievanceKeys, useGrievanceMutation } from "../../grievances/api/grievances.ts";

const CONTACTS = ["/api/employer-contacts"];

/** The employer's representatives (stewards and admins). */
export const useEmployerContacts = (enabled = true) =>
  useQuery({
    queryKey: CONTACTS,
    queryFn: async () =>
      (await apiRequest<{ items: TEmployerContact[] }>("/api/employer-contacts")).items,
    enabled,
  });

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TEmployerContactInput }) =>
      apiRequest<TEmployerContact>(
        id ? `/api/employer-contacts/${encodeURIComponent(id)}` : "/api/employer-contacts",
        { method: id ? "PATCH" : "POST", body: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS }),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/employer-contacts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS }),
  });
}

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
