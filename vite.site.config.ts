import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import base from "./vite.config.ts";

/**
 * The public site's build (issue 15): the pre-rendered public pages' own entry,
 * src/web/site.html → site-main.tsx, written into dist/web beside the portal's build (run after
 * it: `npm run build`). The same components, with three libraries the pages do without swapped
 * for the small stand-ins in src/web/site: react-router (links are ordinary links),
 * react-i18next and lib/i18n.ts (the words come with the page). The build's pre-rendering uses
 * this configuration too, so that it renders the tree the browser hydrates.
 */
const web = path.join(path.dirname(fileURLToPath(import.meta.url)), "src/web");
const STAND_INS: Record<string, string> = {
  "react-router": path.join(web, "site/react-router.tsx"),
  "react-i18next": path.join(web, "site/react-i18next.tsx"),
  [path.join(web, "lib/i18n.ts")]: path.join(web, "site/i18n.ts"),
};

export function siteStandIns(): Plugin {
  return {
    name: "unionhall-site-stand-ins",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const bare = STAND_INS[source];
      if (bare) return bare;
      if (!source.startsWith(".") || !importer || importer.startsWith(path.join(web, "site")))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return (resolved && STAND_INS[resolved.id]) ?? resolved;
    },
  };
}

export default defineConfig({
  ...base,
  plugins: [siteStandIns(), ...(base.plugins ?? [])],
  build: {
    ...base.build,
    emptyOutDir: false,
    copyPublicDir: false,
    // For the pre-rendering: which files each page's code is in (it preloads them).
    manifest: ".vite/site-manifest.json",
    rolldownOptions: {
      input: path.join(web, "site.html"),
      output: {
        codeSplitting: {
          groups: [
            // React, apart from the pages' code: it changes least, so it stays cached longest.
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // The frame every public page shows (header, footer, the providers, the stand-ins)
            // and what it imports, in one file: each file costs about 0.45 kB of headers.
            {
              name: "site",
              test: /src[\\/]web[\\/](site[\\/]|site-main|app[\\/]Providers|lib[\\/](theme|hydration|lazy-toast|page-title|auth-sync)|components[\\/]ui[\\/](Button|cn|Logo|LanguageSwitcher|ThemeToggle)|features[\\/]marketing[\\/](components[\\/](PublicLayout|SiteHeader|SocialIcon|early-clicks|lazy-dialog)|api[\\/]public-api|queries|page-meta|content))\./,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
