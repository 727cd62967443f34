import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { ThemeToggle } from "../../../components/ui/theme-toggle.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

export function HomePage() {
  usePageTitle("");
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost">
            <Link to="/login">Log in</Link>
          </Button>
          <Button asChild>
            <Link to="/register">Try free</Link>
          </Button>
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-start justify-center gap-6 px-4 py-16 sm:px-8">
        <p className="inline-flex items-center gap-2 rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
          <ShieldCheck aria-hidden className="size-4 text-primary" /> Built for union locals
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Every grievance tracked. Every member informed.
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          UnionHall gives your local one place to file and work grievances, keep the member
          directory, share documents and post announcements.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/register">Try free for 14 days</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/login">Log in</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">No credit card needed to start.</p>
      </main>
      <footer className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        © 2025 UnionHall. All rights reserved.
      </footer>
    </div>
  );
}
