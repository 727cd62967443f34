/** What other modules may use of documents: the library's size (the dashboard's card). */
export { countDocuments } from "./repo.ts";
