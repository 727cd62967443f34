import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/Card.tsx";
import { Logo } from "../../../components/ui/Logo.tsx";
import { ThemeToggle } from "../../../components/ui/ThemeToggle.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

/** Centred card used by every sign-in, sign-up and reset screen. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Logo />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:items-center">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
