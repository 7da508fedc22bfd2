/**
 * CSV per RFC 4180: records end with CRLF, fields holding a comma, a double quote, CR or LF are
 * quoted, and quotes inside them are doubled. Text a spreadsheet would run as a formula (it
 * starts with =, +, -, @, tab or CR: pool names are free on-chain strings) gets a leading
 * apostrophe (OWASP "CSV injection"); numbers, negative ones too, are written as they are.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One field: neutralised when a spreadsheet would run it, quoted when RFC 4180 requires it. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A whole CSV document: the header row, then one row per record, each line ending with CRLF.
 *
 * @example toCsv(["a", "b"], [["1", "x,y"]]) // 'a,b\r\n1,"x,y"\r\n'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(",") + "\r\n").join("");
}

/**
 * Parses an RFC 4180 document into rows of fields (the inverse of {@link toCsv}).
 *
 * @throws {Error} on a quote that is not closed or a character after a closing quote.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") {
          throw new Error(`CSV: unexpected ${JSON.stringify(next)} after a closing quote`);
        }
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (c === ",") {
      row.push(field);
      field = "";
      fieldStarted = false;
      i += 1;
    } else if (c === "\r" || c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      fieldStarted = false;
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
    } else {
      field += c;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error("CSV: a quoted field is not closed");
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
