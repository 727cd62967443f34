/**
 * Title and description of every public page, for search engines and link previews. The web
 * app sets them on navigation; the server writes them into the HTML it sends for these paths,
 * so that previews (which do not run JavaScript) see them too.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = "UnionHall";

/** '{page} · UnionHall', or the site name alone. */
export const fullTitle = (title: string) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

const HOME: PageMeta = {
  title: "The portal for union locals",
  description:
    "Track grievances, keep your member directory, share documents and announcements in one secure place. Try UnionHall free for 14 days, no credit card needed.",
};

export const PUBLIC_PAGES: Record<string, PageMeta> = {
  "/": HOME,
  "/home": HOME,
  "/platform-plans": {
    title: "Compare plans",
    description:
      "Compare UnionHall's Starter, Growth and Pro plans: users, storage, workflows, analytics, CRM and role-based permissions. Start a 14-day free trial, no credit card needed.",
  },
  "/website-packages": {
    title: "Website packages",
    description:
      "Custom-built, hosted websites for events, solo pros, childcare, home food sellers, authors, local businesses, nonprofits, schools and unions, from $500.",
  },
  "/security": {
    title: "Security and FAQ",
    description:
      "How UnionHall keeps each local's data separate and safe: row-level security, verified accounts, role-based access. Answers about the free trial, cancelling and prices.",
  },
  "/contact": {
    title: "Contact sales",
    description:
      "Questions about UnionHall plans, Enterprise pricing or a website package? Send us a message and our team will get back to you.",
  },
};

/**
 * A translate function: i18next's `t` of the server (translator(language)) or of the browser.
 * The English above stays the reference (tests and the server's English pages use it); each
 * language's words are in the marketing catalogue under meta.<key> (issue 22).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The marketing catalogue's key (meta.<key>) of each public page. */
export const PAGE_META_KEYS: Record<string, string> = {
  "/": "home",
  "/home": "home",
  "/platform-plans": "platformPlans",
  "/website-packages": "websitePackages",
  "/security": "security",
  "/contact": "contact",
};

/** A public page's title and description in the language of `t`. */
export function translatedPageMeta(t: Translate, pagePath: string): PageMeta {
  const english = PUBLIC_PAGES[pagePath] ?? { title: "", description: "" };
  const key = PAGE_META_KEYS[pagePath];
  if (!key) return english;
  return {
    title: t(`marketing:meta.${key}.title`, { defaultValue: english.title }),
    description: t(`marketing:meta.${key}.description`, { defaultValue: english.description }),
  };
}

/**
 * The set-up intake page of a website package (the server lists them with the pages above), in
 * English, or in the language of `t` (the package's name and description by its id).
 */
export function setupPageMeta(
  pkg: { id: string; name: string; description: string },
  t?: Translate,
): PageMeta {
  if (!t) {
    return {
      title: `${pkg.name} website set-up`,
      description: `Tell us what we need to build your ${pkg.name} website: ${pkg.description}`,
    };
  }
  const name = t(`marketing:catalogue.${pkg.id}.name`, { defaultValue: pkg.name });
  const description = t(`marketing:catalogue.${pkg.id}.description`, {
    defaultValue: pkg.description,
  });
  return {
    title: t("marketing:meta.setup.title", { name }),
    description: t("marketing:meta.setup.description", { name, description }),
  };
}
