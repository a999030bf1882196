/** `%text%` for a case-insensitive LIKE with `escape '\'`: the searcher's own % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
