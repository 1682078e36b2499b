/**
 * How a typed film title is compared (docs/product/sessions-and-games.md#answering): the spec compares ignoring case;
 * players also expect surrounding spaces, punctuation, diacritics, "&" for "and" and a leading article not to
 * matter. Only the title and the item's own `alternate_titles` are right: "Star Wars" is right for "Star Wars: A New
 * Hope" only when the item lists it.
 */
export function normaliseTitle(text: string): string {
  return foldWords(text).replace(/^(the|an|a) (?=.)/, '');
}

/**
 * Text as words only: case, diacritics ("Amélie" → "amelie"), punctuation and spacing folded, "&" read as "and",
 * apostrophes joining their word ("Schindler's" → "schindlers"). Shared with the content check's duplicate rule.
 */
export function foldWords(text: string): string {
  return (
    text
      .normalize('NFKD')
      // Combining marks left by NFKD.
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      // ’ and ‘ written as escapes: esbuild leaves a regular expression's characters as they are, and the server
      // bundle must stay ASCII (scripts/build.mjs).
      .replace(/['\u2019\u2018`]/g, '')
      // Other punctuation and symbols separate words.
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** Whether `answer` names the film: its title or one of its alternate titles, as `normaliseTitle` compares them. */
export function matchesTitle(answer: string, title: string, alternates: readonly string[] = []): boolean {
  const given = normaliseTitle(answer);
  if (!given) return false;
  return [title, ...alternates].some((t) => normaliseTitle(t) === given);
}
