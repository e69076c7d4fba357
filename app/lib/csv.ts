/**
 * CSV for spreadsheets and mailers (RFC 4180: fields with a comma, quote or line break are quoted,
 * quotes doubled). A cell that a spreadsheet would read as a formula (starting with =, +, -, @,
 * or a tab or carriage return) gets a leading apostrophe: an address typed into the newsletter
 * form must not run in the admin's spreadsheet (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of cells as CSV text, CRLF line ends. */
export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
