/**
 * Matching a file's column headers to our fields (issue 29): a small table of synonyms per
 * field, compared after folding case, accents, punctuation and spacing ('E-mail', 'Emp #',
 * 'Dept.', 'Nombre completo'). The first header that matches a field takes it; a header takes
 * one field at most. The admin corrects the guess before anything is written.
 */
export type SynonymTable<F extends string> = Record<F, readonly string[]>;

/** 'Emp. #' -> 'emp#', 'Número de empleado' -> 'numerodeempleado'. */
export function foldHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/no\.|num\.|nbr\.?|number/g, "#")
    .replace(/[^a-z0-9#]/g, "");
}

export function guessMapping<F extends string>(
  headers: readonly string[],
  table: SynonymTable<F>,
): Partial<Record<F, string>> {
  const mapping: Partial<Record<F, string>> = {};
  const taken = new Set<string>();
  const folded = headers.map(foldHeader);
  for (const field of Object.keys(table) as F[]) {
    const wanted = new Set(table[field].map(foldHeader));
    const at = folded.findIndex((h, i) => !taken.has(headers[i] as string) && wanted.has(h));
    if (at >= 0) {
      const header = headers[at] as string;
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}
