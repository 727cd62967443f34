import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/** better-auth's client for /api/auth/* (same origin; cookies). */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [
    inferAdditionalFields({
      user: {
        accountType: { type: "string", required: false },
        language: { type: "string", required: false },
      },
    }),
    // The sign-in page shows the code step itself when the answer asks for a second factor.
    twoFactorClient(),
  ],
});
