/**
 * A `Content-Disposition` header that no file name can break: the name loses path separators,
 * control characters and quotes; an ASCII fallback goes in `filename`, the full UTF-8 name in
 * `filename*` (RFC 6266 / RFC 5987), and the extension is the one detected from the content.
 */
export function contentDisposition(
  kind: "inline" | "attachment",
  name: string,
  extension: string,
): string {
  const base =
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
      .replace(/[/\\]/g, "_")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^\.+/, "")
      .slice(0, 150) || "document";
  const file = base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
  const ascii = file
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["%;\\]/g, "_");
  const encoded = encodeURIComponent(file).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii || `document.${extension}`}"; filename*=UTF-8''${encoded}`;
}
