/**
 * Server-side entry of the build's pre-rendering (scripts/build/prerender.ts, built by Vite
 * for Node): renders one public page with React's static prerendering, with the catalogue the
 * server answers at /api/pricing-plans (the same function), and returns its HTML and the query
 * data the browser needs to hydrate it to the same result.
 */
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { DEFAULT_SALES_EMAIL } from "../../src/server/env.ts";
import type { Language } from "../../src/shared/i18n/languages.ts";
import { pricingCatalogue } from "../../src/shared/plans.ts";
import type { TSiteInfo } from "../../src/shared/schemas/public-site.ts";
import { Providers, queryClient } from "../../src/web/app/providers.tsx";
import { routes } from "../../src/web/app/router.tsx";
import { marketingKeys } from "../../src/web/features/marketing/queries.ts";
import { i18n, startI18n } from "../../src/web/lib/i18n.ts";
import type { PrerenderData } from "../../src/web/lib/prerender-data.ts";

export async function render(
  pathname: string,
  language: Language,
): Promise<{ html: string; data: PrerenderData }> {
  if (!i18n.isInitialized) await startI18n(language);
  await i18n.changeLanguage(language);
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
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderOnce = async () => {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <Providers>
          {/* hydrate={false}: no inline script (the CSP allows none); data goes as JSON. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
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
    },
  };
}
