import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers, queryClient } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { marketingKeys } from "./features/marketing/queries.ts";
import { hydration } from "./lib/hydration.ts";
import { startI18n } from "./lib/i18n.ts";
import { PRERENDER_DATA_ID, type PrerenderData } from "./lib/prerender-data.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// A pre-rendered page needs its words before hydration, or it would suspend and flash.
const prerendered = document.documentElement.dataset.prerendered === "true";
await startI18n(undefined, prerendered ? ["marketing"] : []);

const router = createRouter();
const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// A public page pre-rendered at build (scripts/build/prerender.ts) carries its content and the
// data it was rendered with: hydrate it in place once the page's code is loaded. Every other
// page starts from the empty shell.
const data = document.getElementById(PRERENDER_DATA_ID);
if (data && root.firstElementChild) {
  const { queries } = JSON.parse(data.textContent ?? "{}") as PrerenderData;
  for (const [key, value] of queries) queryClient.setQueryData(key, value);
  hydration.active = true;
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  hydrateRoot(root, app);
  // The build's site-info (no gate, default sales address) stands in until the server's answer.
  void queryClient.invalidateQueries({ queryKey: marketingKeys.siteInfo });
} else {
  createRoot(root).render(app);
}
