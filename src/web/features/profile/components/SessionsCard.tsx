import { useQuery } from "@tanstack/react-query";
import { Monitor } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card.tsx";
import { authClient } from "../../../lib/auth-client.ts";
import { sessionsQuery } from "../queries.ts";

/** A short description of the browser from its user agent. */
function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

/** Where you are signed in; sign out one session or all the others. */
export function SessionsCard() {
  const current = authClient.useSession();
  const sessions = useQuery(sessionsQuery());
  const currentToken = current.data?.session.token;

  async function revoke(token: string) {
    const { error } = await authClient.revokeSession({ token });
    if (error) toast.error("Could not sign out that session", { description: error.message });
    else toast.success("Session signed out");
    await sessions.refetch();
  }

  async function revokeOthers() {
    const { error } = await authClient.revokeOtherSessions();
    if (error) toast.error("Could not sign out the other sessions", { description: error.message });
    else toast.success("Other sessions signed out");
    await sessions.refetch();
  }

  const list = sessions.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Browsers and devices signed in to your account.</CardDescription>
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
                    Since {new Date(s.createdAt).toLocaleString("en-US")}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  </span>
                </span>
              </span>
              {s.token === currentToken ? (
                <Badge tone="green">This browser</Badge>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => void revoke(s.token)}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        {list.length > 1 ? (
          <Button variant="outline" onClick={() => void revokeOthers()}>
            Sign out all other sessions
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
