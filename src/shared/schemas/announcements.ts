import { z } from "zod";
import { type TagColor, ZListLimit, ZPersonRef } from "./documents.ts";
import { LimitMessages } from "./limit-messages.ts";

/** Announcement categories (the spec gives announcements a category and a tag colour, no list). */
export const ANNOUNCEMENT_CATEGORIES = [
  "General",
  "Meetings",
  "Bargaining",
  "Safety",
  "Events",
] as const;
export type AnnouncementCategory = (typeof ANNOUNCEMENT_CATEGORIES)[number];

const ANNOUNCEMENT_TAG_COLORS: Partial<Record<AnnouncementCategory, TagColor>> = {
  Safety: "red",
  Meetings: "blue",
  Events: "green",
  Bargaining: "purple",
};
/** The spec's tag colours: red, blue, green, purple, otherwise gray. */
export const announcementTagColor = (category: string): TagColor =>
  ANNOUNCEMENT_TAG_COLORS[category as AnnouncementCategory] ?? "gray";

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 10_000;

export const AnnouncementMessages = {
  titleRequired: "Please enter a title.",
  titleMax: `The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters.`,
  contentRequired: "Please write the announcement.",
  contentMax: `The announcement must be at most ${ANNOUNCEMENT_CONTENT_MAX.toLocaleString("en-US")} characters.`,
  category: "Please choose a category.",
  nothingToChange: "Nothing to change.",
  notFound: "Announcement not found",
} as const;

const ZTitle = z
  .string()
  .trim()
  .min(1, AnnouncementMessages.titleRequired)
  .max(ANNOUNCEMENT_TITLE_MAX, AnnouncementMessages.titleMax);
const ZContent = z
  .string()
  .trim()
  .min(1, AnnouncementMessages.contentRequired)
  .max(ANNOUNCEMENT_CONTENT_MAX, AnnouncementMessages.contentMax);
export const ZAnnouncementCategory = z.enum(ANNOUNCEMENT_CATEGORIES, {
  error: AnnouncementMessages.category,
});

export const ZAnnouncementInput = z.object({
  title: ZTitle,
  content: ZContent,
  category: ZAnnouncementCategory,
  /** Also send it to every member of the organization by email (through the mail outbox). */
  emailMembers: z.boolean().default(false),
});
export type TAnnouncementInput = z.input<typeof ZAnnouncementInput>;

export const ZAnnouncementUpdate = z
  .object({ title: ZTitle, content: ZContent, category: ZAnnouncementCategory })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: AnnouncementMessages.nothingToChange });
export type TAnnouncementUpdate = z.input<typeof ZAnnouncementUpdate>;

export const ZAnnouncementListQuery = z.object({
  limit: ZListLimit,
  cursor: z.string().max(200, LimitMessages.cursor).optional(),
});

export const ZAnnouncement = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: ZAnnouncementCategory,
  tagColor: z.enum(["red", "blue", "green", "purple", "gray"]),
  author: ZPersonRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZAnnouncementList = z.object({
  items: z.array(ZAnnouncement),
  nextCursor: z.string().nullable(),
  total: z.number(),
});
export type TAnnouncementList = z.infer<typeof ZAnnouncementList>;
