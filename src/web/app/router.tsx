import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useParams,
} from "react-router";
import { LoadingScreen } from "../components/ui/Spinner.tsx";
import { billingOnboardingRoutes, billingPortalRoutes } from "../features/billing/routes.tsx";
import { NotFoundPage } from "../features/errors/pages/NotFoundPage.tsx";
import { marketingRoutes, watchPendingChoice } from "../features/marketing/routes.tsx";
import { RouteError } from "./RouteError.tsx";
import { ScrollToTop } from "./ScrollToTop.tsx";

function GrievanceRedirect() {
  const { id = "" } = useParams();
  return <Navigate to={`/grievances/${encodeURIComponent(id)}`} replace />;
}

/** product-decisions.md 6: the legacy reset routes lead into the one flow, keeping their query. */
function LegacyResetRedirect() {
  const { search } = useLocation();
  const target = new URLSearchParams(search).has("token") ? "/reset-password" : "/forgot-password";
  return <Navigate to={`${target}${search}`} replace />;
}

/** Every page; the browser router below and the build's pre-rendering (scripts/build) use it. */
export const routes: RouteObject[] = [
  {
    // Any route that fails to load or render shows a way out instead of a blank page.
    errorElement: <RouteError />,
    // A lazy route opened directly shows this while its code loads, instead of a blank page
    // (and react-router's 'No HydrateFallback element' warning).
    hydrateFallbackElement: <LoadingScreen />,
    element: (
      <>
        <ScrollToTop />
        <Outlet />
      </>
    ),
    children: [
      // The public site; the sign-in pages and the portal load on demand, so that the landing
      // page's first load stays small (scripts/bundle-size.ts).
      ...marketingRoutes,
      {
        path: "/login",
        lazy: async () => ({
          Component: (await import("../features/auth/pages/LoginPage.tsx")).LoginPage,
        }),
      },
      {
        path: "/register",
        lazy: async () => ({
          Component: (await import("../features/auth/pages/RegisterPage.tsx")).RegisterPage,
        }),
      },
      {
        path: "/verify-email",
        lazy: async () => ({
          Component: (await import("../features/auth/pages/VerifyEmailPage.tsx")).VerifyEmailPage,
        }),
      },
      {
        path: "/forgot-password",
        lazy: async () => ({
          Component: (await import("../features/auth/pages/ForgotPasswordPage.tsx"))
            .ForgotPasswordPage,
        }),
      },
      {
        path: "/reset-password",
        lazy: async () => ({
          Component: (await import("../features/auth/pages/ResetPasswordPage.tsx"))
            .ResetPasswordPage,
        }),
      },
      {
        // Outside the guard: an emailed invitation is read before signing up (issue 14).
        path: "/accept-invite",
        lazy: async () => ({
          Component: (await import("../features/organizations/pages/AcceptInvitePage.tsx"))
            .AcceptInvitePage,
        }),
      },
      {
        // Outside the guard: the employer's representative answers by link, with no account.
        path: "/respond/:token",
        lazy: async () => ({
          Component: (await import("../features/employer/pages/RespondPage.tsx")).RespondPage,
        }),
      },
      { path: "/simple-reset-password", element: <LegacyResetRedirect /> },
      { path: "/direct-reset", element: <LegacyResetRedirect /> },
      { path: "/reset-password-manual", element: <LegacyResetRedirect /> },
      {
        // Outside the guard: signed out, it shows 'Authentication Required' (portal spec).
        path: "/profile",
        lazy: async () => ({ Component: (await import("./ProfileGate.tsx")).ProfileGate }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import("../features/profile/pages/ProfilePage.tsx")).ProfilePage,
            }),
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import("./RequireAuth.tsx")).RequireAuth }),
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
              ...billingOnboardingRoutes,
              {
                path: "/two-factor-setup",
                lazy: async () => ({
                  Component: (await import("../features/profile/pages/TwoFactorSetupPage.tsx"))
                    .TwoFactorSetupPage,
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
                path: "/submit-grievance",
                lazy: async () => ({
                  Component: (await import("../features/grievances/pages/SubmitGrievancePage.tsx"))
                    .SubmitGrievancePage,
                }),
              },
              {
                path: "/grievances",
                lazy: async () => ({
                  Component: (await import("../features/grievances/pages/GrievancesPage.tsx"))
                    .GrievancesPage,
                }),
              },
              {
                path: "/grievances/:id",
                lazy: async () => ({
                  Component: (await import("../features/grievances/pages/GrievanceDetailPage.tsx"))
                    .GrievanceDetailPage,
                }),
              },
              {
                path: "/deadlines",
                lazy: async () => ({
                  Component: (await import("../features/deadlines/pages/DeadlinesPage.tsx"))
                    .DeadlinesPage,
                }),
              },
              {
                // Recharts comes with this page only (the portal's first load stays small).
                path: "/reports",
                lazy: async () => ({
                  Component: (await import("../features/reports/pages/ReportsPage.tsx"))
                    .ReportsPage,
                }),
              },
              // product-decisions.md 17: the detail lives at /grievances/:id.
              { path: "/grievance/:id", Component: GrievanceRedirect },
              {
                path: "/documents",
                lazy: async () => ({
                  Component: (await import("../features/documents/pages/DocumentsPage.tsx"))
                    .DocumentsPage,
                }),
              },
              {
                path: "/announcements",
                lazy: async () => ({
                  Component: (await import("../features/announcements/pages/AnnouncementsPage.tsx"))
                    .AnnouncementsPage,
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
                path: "/roster",
                lazy: async () => ({
                  Component: (await import("../features/roster/pages/RosterPage.tsx")).RosterPage,
                }),
              },
              {
                path: "/settings",
                lazy: async () => ({
                  Component: (await import("../features/organizations/pages/SettingsPage.tsx"))
                    .SettingsPage,
                }),
              },
              ...billingPortalRoutes,
              {
                path: "/organization-setup",
                lazy: async () => ({
                  Component: (
                    await import("../features/organizations/pages/OrganizationSetupPage.tsx")
                  ).OrganizationSetupPage,
                }),
              },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  // A plan chosen before signing in is restored once the visitor is signed in.
  watchPendingChoice(router);
  return router;
}
