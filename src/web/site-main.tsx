/**
 * The entry of the public pages pre-rendered at build (issue 15; scripts/build/prerender.ts):
 * hydrates the one page in the document. No router and no i18next: in the public site's build
 * (vite.site.config.ts) the pages' links are ordinary links and their words come with the
 * page's HTML, so that the landing page's first load stays within its 100 kB budget. The portal
 * and the sign-in pages have their own entry (main.tsx).
 */
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Providers, queryClient } from "./app/Providers.tsx";
import { marketingKeys } from "./features/marketing/queries.ts";
import { hydration } from "./lib/hydration.ts";
import { PRERENDER_DATA_ID, type PrerenderData } from "./lib/prerender-data.ts";
import { loadMessages, setCatalogues } from "./site/i18n.ts";
import { SITE_PAGES } from "./site/pages.ts";
import "./styles.css";

const root = document.getElementById("root");
const data = document.getElementById(PRERENDER_DATA_ID);
const loadPage = SITE_PAGES[window.location.pathname]?.load;
if (!root || !data || !loadPage) throw new Error("site-main.tsx runs on a pre-rendered page only");

const { queries, language, catalogues } = JSON.parse(data.textContent ?? "{}") as PrerenderData;
setCatalogues(language, catalogues);
for (const [key, value] of queries) queryClient.setQueryData(key, value);
// No top-level await: this module shares its file with the code the page imports (the "site"
// group, vite.site.config.ts), which would wait on it forever.
void loadPage().then((Page) => {
  hydration.active = true;
  hydrateRoot(
    root,
    <StrictMode>
      <Providers>
        <Page />
      </Providers>
    </StrictMode>,
  );
  // The build's site-info (no gate, default sales address) stands in until the server's answer.
  void queryClient.invalidateQueries({ queryKey: marketingKeys.siteInfo });
});
// A form's messages are in the `messages` catalogue: fetched once a form is first used.
for (const type of ["focusin", "pointerdown"])
  document.addEventListener(type, (event) => {
    if (event.target instanceof Element && event.target.closest("form")) void loadMessages();
  });
