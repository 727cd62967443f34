import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { inviteCodeQuery, organizationKeys } from "../queries.ts";

/** The organization's invitation code, for admins: copy it, or rotate it when it has leaked. */
export function InviteCodeCard() {
  const { t } = useTranslation("organizations");
  const queryClient = useQueryClient();
  const code = useQuery(inviteCodeQuery());
  const rotate = useMutation({
    mutationFn: () =>
      apiRequest<{ inviteCode: string }>("/api/organization/invite-code", { method: "POST" }),
    onSuccess: (data) => {
      queryClient.setQueryData(organizationKeys.inviteCode, data);
      toast.success(t("inviteCode.rotated.title"), {
        description: t("inviteCode.rotated.description"),
      });
    },
    onError: (error) =>
      toast.error(t("inviteCode.rotateFailed"), { description: translateMessage(error.message) }),
  });
  const value = code.data?.inviteCode;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("inviteCode.title")}</CardTitle>
        <CardDescription>{t("inviteCode.description")}</CardDescription>
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
              void navigator.clipboard
                ?.writeText(value)
                .then(() => toast.success(t("inviteCode.copied")));
          }}
        >
          <Copy aria-hidden /> {t("inviteCode.copy")}
        </Button>
        <Button variant="outline" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
          <RefreshCw aria-hidden />{" "}
          {rotate.isPending ? t("inviteCode.rotating") : t("inviteCode.rotate")}
        </Button>
      </CardContent>
    </Card>
  );
}
