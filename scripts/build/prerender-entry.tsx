/**
 * Server-side entry of the build's pre-rendering (scripts/build/prerender.ts, built by Vite
 * for Node with the public site's configuration, vite.site.config.ts): renders one public page
 * with React's static prerendering, as the public site's entry (src/web/site-main.tsx)
 * hydrates it, with the catalogue the server answers at /api/pricing-plans (the same function).
 * Returns its HTML and what the browser needs to hydrate it to the same result.
 */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { DEFAULT_SALES_EMAIL } from "../../src/server/env.ts";
import { CATALOGUES, type Namespace } from "../../src/shared/i18n/catalogues.ts";
import type { Language } from "../../src/shared/i18n/languages.ts";
import { pricingCatalogue } from "../../src/shared/plans.ts";
import type { TSiteInfo } from "../../src/shared/schemas/public-site.ts";
import { Providers, queryClient } from "../../src/web/app/Providers.tsx";
import { marketingKeys } from "../../src/web/features/marketing/queries.ts";
import type { PrerenderData } from "../../src/web/lib/prerender-data.ts";
import { setCatalogues } from "../../src/web/site/i18n.ts";
import { SITE_PAGES } from "../../src/web/site/pages.ts";
import { setRenderedPath } from "../../src/web/site/react-router.tsx";

/**
 * The namespaces the public pages read, sent with each page (the forms' `messages` in another
 * language load after hydration: site/i18n.ts).
 */
const PAGE_NAMESPACES: Namespace[] = ["common", "marketing"];

export async function render(
  pathname: string,
  language: Language,
): Promise<{ html: string; data: PrerenderData }> {
  const loadPage = SITE_PAGES[pathname]?.load;
  if (!loadPage) throw new Error(`${pathname} is not a pre-rendered page (src/web/site/pages.ts)`);
  const Page = await loadPage();
  setRenderedPath(pathname);
  setCatalogues(language, CATALOGUES[language]);
  queryClient.clear();
  const catalogue = pricingCatalogue();
  queryClient.setQueryData(marketingKeys.pricing, catalogue);
  // The pages are pre-rendered for a site without an access gate and with billing on; the
  // server serves them only then (page-meta.ts), and the browser re-reads the real answer.
  const siteInfo: TSiteInfo = {
    accessGate: false,
    salesEmail: DEFAULT_SALES_EMAIL,
    billing: "test",
  };
  queryClient.setQueryData(marketingKeys.siteInfo, siteInfo);
  const renderOnce = async () => {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Providers>
          <Page />
        </Providers>
      </StrictMode>,
      // Never split a finished part out of line (React does for large ones, revealed by an
      // inline script): the page must read the same without JavaScript.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    let html = "";
    for await (const chunk of prelude) html += chunk;
    return html;
  };
  // The first pass loads the page's lazy parts; a part that suspends is written hidden with an
  // inline script to reveal it, which the CSP would block. The second pass finds them loaded.
  await renderOnce();
  const html = await renderOnce();
  if (html.includes("<script"))
    throw new Error(
      `${pathname} rendered with an inline script: ${html.slice(html.indexOf("<script") - 300, html.indexOf("<script") + 200)}`,
    );
  return {
    html,
    data: {
      queries: [
        [marketingKeys.pricing, catalogue],
        [marketingKeys.siteInfo, siteInfo],
      ],
      language,
      catalogues: Object.fromEntries(PAGE_NAMESPACES.map((ns) => [ns, CATALOGUES[language][ns]])),
    },
  };
}
