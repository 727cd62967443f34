import { LogOut } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { ThemeToggle } from "../../components/ui/theme-toggle.tsx";
import { authClient } from "../../features/auth/api/auth-client.ts";
import { isActive, NAV_ITEMS } from "../navigation.ts";
import { useMe } from "../session.ts";

/** Side navigation on desktop, a bottom bar on phones, the page in between. */
export function AppShell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { me } = useMe();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    const { error } = await authClient.signOut();
    setSigningOut(false);
    if (error) {
      toast.error("Sign out failed", { description: error.message ?? "Please try again." });
      return;
    }
    navigate("/login", { replace: true });
  }

  return (
    <div className="min-h-screen md:flex">
      <aside className="hidden w-64 shrink-0 flex-col border-r border-border bg-card md:flex">
        <div className="flex h-16 items-center gap-2 border-b border-border px-5">
          <img src="/favicon.svg" alt="" className="size-7" />
          <span className="text-lg font-semibold tracking-tight">UnionHall</span>
        </div>
        <nav aria-label="Main" className="flex-1 space-y-1 p-3">
          {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              aria-current={isActive(pathname, to) ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted",
                isActive(pathname, to) && "bg-primary/10 text-primary",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </Link>
          ))}
          <button
            type="button"
            onClick={signOut}
            disabled={signingOut}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-muted"
          >
            <LogOut aria-hidden className="size-4" />
            {signingOut ? "Signing Out..." : "Sign Out"}
          </button>
        </nav>
        <div className="flex items-center justify-between border-t border-border p-4">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{me?.user.name || "User"}</p>
            {me?.role ? (
              <p className="text-xs capitalize text-muted-foreground">{me.role}</p>
            ) : null}
          </div>
          <ThemeToggle />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col pb-16 md:pb-0">
        <header className="flex h-14 items-center justify-between border-b border-border bg-card px-4 md:hidden">
          <span className="font-semibold">UnionHall</span>
          <ThemeToggle />
        </header>
        <main className="flex-1 p-4 sm:p-8">
          <Outlet />
        </main>
      </div>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 flex h-16 items-stretch border-t border-border bg-card md:hidden"
      >
        {NAV_ITEMS.map(({ label, to, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            aria-current={isActive(pathname, to) ? "page" : undefined}
            className={cn(
              "flex flex-1 flex-col items-center justify-center gap-1 text-xs",
              isActive(pathname, to) ? "text-primary" : "text-muted-foreground",
            )}
          >
            <Icon aria-hidden className="size-5" />
            {label}
          </Link>
        ))}
        <Button
          variant="ghost"
          className="h-full flex-1 flex-col gap-1 rounded-none text-xs"
          onClick={signOut}
        >
          <LogOut aria-hidden className="size-5" />
          {signingOut ? "Signing Out..." : "Sign Out"}
        </Button>
      </nav>
    </div>
  );
}
