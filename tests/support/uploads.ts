import type { TestClient } from "./test-app.ts";

/** A multipart/form-data body: text fields, then at most one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; contentType?: string; data: Buffer },
) {
  const boundary = `----unionhall-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value, "utf8"),
      Buffer.from("\r\n"),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/documents as this client. */
export function uploadDocument(
  client: TestClient,
  input: { name?: string; category?: string; filename: string; data: Buffer; contentType?: string },
) {
  const fields: Record<string, string> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.category !== undefined) fields.category = input.category;
  const body = multipart(fields, {
    filename: input.filename,
    data: input.data,
    contentType: input.contentType,
  });
  return client.raw({ method: "POST", url: "/api/documents", ...body });
}
