import { z } from "zod";
import { type SetupField, setupFields } from "../website-setup.ts";
import { ZPurchasedPackage } from "./billing.ts";
import { isDay } from "./dates.ts";
import type { TPackageId } from "./pricing.ts";

export const SetupMessages = {
  required: (label: string) => `Please fill in "${label}"`,
  tooLong: (label: string, max: number) =>
    `"${label}" must be at most ${max.toLocaleString("en-US")} characters`,
  url: (label: string) => `"${label}" must be a full link starting with https://`,
  date: (label: string) => `"${label}" must be a date`,
  option: (label: string) => `Please choose an option for "${label}"`,
  notPurchased: "Set-up details are for a website package you have bought.",
} as const;

function fieldSchema(field: SetupField): z.ZodType<string> {
  if (field.type === "select") {
    const options = (field.options ?? []) as [string, ...string[]];
    return z.enum(options, { message: SetupMessages.option(field.label) });
  }
  let base = z
    .string({ message: SetupMessages.required(field.label) })
    .trim()
    .max(field.max, SetupMessages.tooLong(field.label, field.max));
  if (field.required) base = base.min(1, SetupMessages.required(field.label));
  if (field.type === "url") {
    return base.refine((v) => v === "" || /^https?:\/\/\S+\.\S+/.test(v), {
      message: SetupMessages.url(field.label),
    });
  }
  if (field.type === "date") {
    return base.refine((v) => v === "" || isDay(v), {
      message: SetupMessages.date(field.label),
    });
  }
  return base;
}

/** The answers of one package's intake: every field of its definition, nothing else. */
export function setupDetailsSchema(packageId: TPackageId) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of setupFields(packageId)) {
    shape[field.name] = field.required ? fieldSchema(field) : fieldSchema(field).default("");
  }
  return z.strictObject(shape);
}

export type TSetupDetails = Record<string, string>;

export const ZSetupRequestBody = z.object({
  details: z.record(z.string(), z.unknown()),
});

export const ZSetupRequest = z.object({
  packageId: z.string(),
  details: z.record(z.string(), z.string()),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type TSetupRequest = z.infer<typeof ZSetupRequest>;

export const ZSetupAnswer = z.object({
  request: ZSetupRequest.nullable(),
  /** What the buyer bought (payment option, add-ons, amounts); null before a purchase. */
  purchase: ZPurchasedPackage.nullable(),
});
export type TSetupAnswer = z.infer<typeof ZSetupAnswer>;
