import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";

export function NotFoundPage() {
  usePageTitle("404 Page Not Found");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to="/home">Go to Home</Link>
      </Button>
    </main>
  );
}
