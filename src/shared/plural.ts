/**
 * A count with its noun, singular for exactly one: '1 grievance', '2 grievances', '0 members'.
 * English only; `plural` for nouns that do not just add an 's'.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
}
