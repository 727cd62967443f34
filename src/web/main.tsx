import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/Providers.tsx";
import { createRouter } from "./app/router.tsx";
import { startI18n } from "./lib/i18n.ts";
import { showCarriedToast } from "./lib/lazy-toast.ts";
import "./styles.css";

/**
 * The portal's entry: the sign-in pages, the portal, and the public pages whenever they are
 * not served pre-rendered (behind the access gate, billing off, the set-up pages). The
 * pre-rendered public pages have their own entry (site-main.tsx).
 */
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

await startI18n();
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
showCarriedToast();
