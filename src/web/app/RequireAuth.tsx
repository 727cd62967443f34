import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/ui/spinner.tsx";
import { useMe } from "./session.ts";

/** Route guard: 'Verifying authentication...' while loading, /login when signed out. */
export function RequireAuth() {
  const { isLoading, signedIn } = useMe();
  const location = useLocation();
  if (isLoading) return <LoadingScreen label="Verifying authentication..." />;
  if (!signedIn) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
