/** What other modules may use of announcements: how many there are (the dashboard's card). */
export { countAnnouncements } from "./repo.ts";
