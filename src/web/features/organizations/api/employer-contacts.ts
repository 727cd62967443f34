import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TEmployerContact,
  TEmployerContactInput,
} from "../../../../shared/schemas/employer.ts";
import { apiRequest } from "../../../lib/api.ts";
import { employerContactsKey, employerContactsQuery } from "../../../lib/employer-contacts.ts";

/** The employer's representatives (stewards and admins read; admins change). */
export const useEmployerContacts = (enabled = true) => useQuery(employerContactsQuery(enabled));

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TEmployerContactInput }) =>
      apiRequest<TEmployerContact>(
        id ? `/api/employer-contacts/${encodeURIComponent(id)}` : "/api/employer-contacts",
        { method: id ? "PATCH" : "POST", body: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerContactsKey }),
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/employer-contacts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerContactsKey }),
  });
}
