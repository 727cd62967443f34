/**
 * The plain words of limits many schemas share (issue 30: zod's own 'Too big: expected string
 * to have <=100 characters' reached people). The messages catalogue translates each;
 * plain-messages.test.ts fails on a limit written without a message.
 */
export const LimitMessages = {
  pageSize: "Ask for 1 to 100 rows at a time.",
  cursor: "This page link is out of date. Go back to the first page.",
  search: "A search can be at most 100 characters.",
  id: "This id is not valid.",
  note: "A note can be at most 2,000 characters.",
  reason: "A reason can be at most 2,000 characters.",
  message: "A message can be at most 2,000 characters.",
  answerText: "The answer can be at most 10,000 characters.",
  shortText: "At most 100 characters",
} as const;
