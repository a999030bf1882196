/*
 * CSV files the shop hands out (products, the Club, GSTR-1): RFC 4180 quoting, CRLF lines, and
 * every cell safe to open in a spreadsheet.
 */

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab, carriage return) gets a leading
 * apostrophe, so "=HYPERLINK(…)" typed as a name stays text; a plain number (-12.50) stays a number.
 */
export function formulaSafe(value: string): string {
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One cell, formula-safe and quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: string): string {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows (the header first) as CSV text, CRLF after every line. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
