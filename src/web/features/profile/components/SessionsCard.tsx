import { useQuery } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { Badge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { currentLanguage, i18n } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { sessionsQuery } from "../queries.ts";

/** Browsers and systems by name (the same in every language), the first match wins. */
const BROWSERS = { Edge: /Edg\//, Chrome: /Chrome\//, Firefox: /Firefox\//, Safari: /Safari\// };
const SYSTEMS = {
  Android: /Android/,
  iOS: /iPhone|iPad/,
  Windows: /Windows/,
  macOS: /Mac OS/,
  Linux: /Linux/,
};
const named = (names: Record<string, RegExp>, userAgent: string) =>
  Object.entries(names).find(([, pattern]) => pattern.test(userAgent))?.[0];

/** A short description of the browser from its user agent. */
function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return i18n.t("profile:sessions.unknownDevice");
  const browser = named(BROWSERS, userAgent) ?? i18n.t("profile:sessions.browser");
  const os = named(SYSTEMS, userAgent);
  return os ? i18n.t("profile:sessions.device", { browser, os }) : browser;
}

/** Where you are signed in; sign out one session or all the others. */
export function SessionsCard() {
  const { t } = useTranslation("profile");
  const current = authClient.useSession();
  const sessions = useQuery(sessionsQuery());
  const currentToken = current.data?.session.token;

  async function revoke(token: string) {
    const { error } = await authClient.revokeSession({ token });
    if (error) toast.error(t("sessions.revokeFailed"), { description: error.message });
    else toast.success(t("sessions.revoked"));
    await sessions.refetch();
  }

  async function revokeOthers() {
    const { error } = await authClient.revokeOtherSessions();
    if (error) toast.error(t("sessions.revokeOthersFailed"), { description: error.message });
    else toast.success(t("sessions.othersRevoked"));
    await sessions.refetch();
  }

  const list = sessions.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="divide-y divide-border rounded-lg border border-border">
          {list.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm"
            >
              <span className="flex items-center gap-3">
                <Monitor aria-hidden className="size-4 text-muted-foreground" />
                <span>
                  <span className="block font-medium">{deviceName(s.userAgent)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t("sessions.since", {
                      date: formatDate(currentLanguage(), new Date(s.createdAt), {
                        dateStyle: "medium",
                        timeStyle: "short",
                      }),
                    })}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  </span>
                </span>
              </span>
              {s.token === currentToken ? (
                <Badge tone="green">{t("sessions.thisBrowser")}</Badge>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => void revoke(s.token)}>
                  {t("sessions.signOut")}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {list.length > 1 ? (
          <Button variant="outline" onClick={() => void revokeOthers()}>
            {t("sessions.signOutOthers")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
