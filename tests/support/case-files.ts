import { execFileSync, spawnSync } from "node:child_process";
import { expect } from "vitest";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { grievanceBody } from "./deadlines.ts";
import type { TestClient } from "./test-app.ts";
import { multipart } from "./uploads.ts";

/** A grievance filed through the API, for the case-file tests (issue 28). */
export async function fileGrievance(
  client: TestClient,
  subject = "Overtime out of seniority order",
) {
  const res = await client.post(
    "/api/grievances",
    grievanceBody({ subject, incidentDate: "2026-11-16", articles: ["Art. 12.3 Overtime"] }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

export async function attachFile(client: TestClient, id: string, filename: string, data: Buffer) {
  const res = await client.raw({
    method: "POST",
    url: `/api/grievances/${id}/attachments`,
    ...multipart({}, { filename, data }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

/** A PDF's text as pdftotext reads it, white space collapsed. */
export const pdfText = (pdf: Buffer) =>
  execFileSync("pdftotext", ["-", "-"], { input: pdf, maxBuffer: 64 * 1024 * 1024 })
    .toString("utf8")
    .replace(/\s+/g, " ");

/** pdfinfo's page count; it fails the test on any complaint about the file's structure. */
export function pdfPageCount(pdf: Buffer): number {
  const info = spawnSync("pdfinfo", ["-"], { input: pdf });
  expect(info.stderr.toString()).toBe("");
  return Number(info.stdout.toString().match(/Pages:\s+(\d+)/)?.[1]);
}
