import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { ForgotPasswordPage } from "../features/auth/pages/ForgotPasswordPage.tsx";
import { LoginPage } from "../features/auth/pages/LoginPage.tsx";
import { RegisterPage } from "../features/auth/pages/RegisterPage.tsx";
import { ResetPasswordPage } from "../features/auth/pages/ResetPasswordPage.tsx";
import { VerifyEmailPage } from "../features/auth/pages/VerifyEmailPage.tsx";
import { NotFoundPage } from "../features/errors/pages/NotFoundPage.tsx";
import { HomePage } from "../features/marketing/pages/HomePage.tsx";
import { RequireAuth } from "./RequireAuth.tsx";

/** DECISIONS.md 6: the legacy reset routes lead into the one flow, keeping their query. */
function LegacyResetRedirect() {
  const { search } = useLocation();
  const target = new URLSearchParams(search).has("token") ? "/reset-password" : "/forgot-password";
  return <Navigate to={`${target}${search}`} replace />;
}

export const router = createBrowserRouter([
  { path: "/", element: <HomePage /> },
  { path: "/home", element: <HomePage /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/register", element: <RegisterPage /> },
  { path: "/verify-email", element: <VerifyEmailPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/simple-reset-password", element: <LegacyResetRedirect /> },
  { path: "/direct-reset", element: <LegacyResetRedirect /> },
  { path: "/reset-password-manual", element: <LegacyResetRedirect /> },
  {
    element: <RequireAuth />,
    children: [
      {
        lazy: async () => ({
          Component: (await import("./layouts/OnboardingLayout.tsx")).OnboardingLayout,
        }),
        children: [
          {
            path: "/get-started",
            lazy: async () => ({
              Component: (await import("../features/organizations/pages/GetStartedPage.tsx"))
                .GetStartedPage,
            }),
          },
          {
            path: "/join-org",
            lazy: async () => ({
              Component: (await import("../features/organizations/pages/JoinOrgPage.tsx"))
                .JoinOrgPage,
            }),
          },
          {
            path: "/accept-invite",
            lazy: async () => ({
              Component: (await import("../features/organizations/pages/AcceptInvitePage.tsx"))
                .AcceptInvitePage,
            }),
          },
        ],
      },
      {
        // The signed-in portal is split from the public pages' bundle.
        lazy: async () => ({ Component: (await import("./layouts/AppShell.tsx")).AppShell }),
        children: [
          {
            path: "/dashboard",
            lazy: async () => ({
              Component: (await import("../features/dashboard/pages/DashboardPage.tsx"))
                .DashboardPage,
            }),
          },
          {
            path: "/directory",
            lazy: async () => ({
              Component: (await import("../features/directory/pages/DirectoryPage.tsx"))
                .DirectoryPage,
            }),
          },
          {
            path: "/organization-setup",
            lazy: async () => ({
              Component: (await import("../features/organizations/pages/OrganizationSetupPage.tsx"))
                .OrganizationSetupPage,
            }),
          },
        ],
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
]);
