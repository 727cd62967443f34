import { useEffect } from "react";

/** Sets the document title as '{page} · UnionHall'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · UnionHall` : "UnionHall";
  }, [title]);
}

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement("meta");
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

let defaultDescription: string | undefined;

/**
 * Title and description for search engines and link previews (the server also writes them into
 * the HTML of public pages). The description goes back to the default when the page leaves.
 */
export function usePageMeta(meta: { title: string; description: string }) {
  usePageTitle(meta.title);
  useEffect(() => {
    defaultDescription ??=
      document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? "";
    const title = meta.title ? `${meta.title} · UnionHall` : "UnionHall";
    setMeta("name", "description", meta.description);
    setMeta("property", "og:title", title);
    setMeta("property", "og:description", meta.description);
    return () => setMeta("name", "description", defaultDescription ?? "");
  }, [meta.title, meta.description]);
}
