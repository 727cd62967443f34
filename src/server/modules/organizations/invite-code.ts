import { randomBytes } from "node:crypto";

// No look-alikes (0/O, 1/I/L): codes are read aloud and typed from paper.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** product-decisions.md 11: random, at least 8 characters (10 here: 31^10 ≈ 8·10^14 codes). */
export function newInviteCode(): string {
  return Array.from(randomBytes(10), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** Codes are compared upper-case and without spaces or dashes people add when copying. */
export const normalizeInviteCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();
