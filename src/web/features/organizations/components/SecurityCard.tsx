import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { meQueryKey, useMe } from "../../../lib/session.ts";

/** Admins can require two-factor sign-in of everyone in the organization (product-decisions.md 9). */
export function SecurityCard() {
  const { me } = useMe();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      apiRequest<{ requireTwoFactor: boolean }>("/api/organization/security", {
        method: "PUT",
        body: { requireTwoFactor },
      }),
    onSuccess: (data) => {
      toast.success(
        data.requireTwoFactor
          ? "Two-factor sign-in is now required"
          : "Two-factor sign-in is optional",
      );
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    onError: (error) => toast.error("Update Failed", { description: error.message }),
  });
  const required = me?.organization?.requireTwoFactor ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>
          Members without two-factor sign-in are led to turn it on before they can open the portal.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={required}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
          />
          Require two-factor sign-in for everyone in {me?.organization?.name ?? "the organization"}
        </label>
        {!me?.user.twoFactorEnabled ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Turn it on for your own account first (Profile).
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
