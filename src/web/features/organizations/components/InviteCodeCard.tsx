import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { inviteCodeQuery, organizationKeys } from "../queries.ts";

/** The organization's invitation code, for admins: copy it, or rotate it when it has leaked. */
export function InviteCodeCard() {
  const queryClient = useQueryClient();
  const code = useQuery(inviteCodeQuery());
  const rotate = useMutation({
    mutationFn: () =>
      apiRequest<{ inviteCode: string }>("/api/organization/invite-code", { method: "POST" }),
    onSuccess: (data) => {
      queryClient.setQueryData(organizationKeys.inviteCode, data);
      toast.success("New invitation code", { description: "The old code no longer works." });
    },
    onError: (error) => toast.error("Could not change the code", { description: error.message }),
  });
  const value = code.data?.inviteCode;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invitation code</CardTitle>
        <CardDescription>
          Members join with this code on the 'Join a Connection' page.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        <code
          className="rounded-md border border-border bg-muted px-3 py-2 font-mono text-lg tracking-widest"
          data-testid="invite-code"
        >
          {value ?? "…"}
        </code>
        <Button
          variant="outline"
          disabled={!value}
          onClick={() => {
            if (value)
              void navigator.clipboard?.writeText(value).then(() => toast.success("Code copied"));
          }}
        >
          <Copy aria-hidden /> Copy
        </Button>
        <Button variant="outline" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          <RefreshCw aria-hidden /> {rotate.isPending ? "Changing..." : "New code"}
        </Button>
      </CardContent>
    </Card>
  );
}
