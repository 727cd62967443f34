import { z } from "zod";
import { isIsoDate } from "../deadline-engine/days.ts";

/**
 * Every date field of the API is a plain day, "YYYY-MM-DD", within these years. Years before
 * 100 were a 500 (issue 28): JavaScript's Date.UTC reads them as 1900 to 1999 and PostgreSQL
 * has no year 0. No grievance, deadline or report reaches outside this range.
 */
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "2199-12-31";

export const DateMessages = {
  range: "Enter a date between the years 1900 and 2199.",
} as const;

const FORM = /^\d{4}-\d{2}-\d{2}$/;

const inYears = (value: string) => value >= FIRST_DAY && value <= LAST_DAY;

/** A real day in the YYYY-MM-DD form within FIRST_DAY and LAST_DAY. */
export const isDay = (value: string) => FORM.test(value) && inYears(value) && isIsoDate(value);

/**
 * The one date schema: `message` when the text is no day in the YYYY-MM-DD form (each field
 * keeps its own wording), DateMessages.range when it is one outside the years allowed.
 */
export function zDay(message: string) {
  return z
    .string({ message })
    .regex(FORM, message)
    .refine((v) => !inYears(v) || isIsoDate(v), message)
    .refine((v) => !FORM.test(v) || inYears(v), DateMessages.range);
}
