import { describe, expect, it } from "vitest";
import { csvField, parseCsv, toCsv } from "./csv";

describe("CSV (RFC 4180)", () => {
  it("quotes fields with commas, quotes and newlines, doubles quotes, ends lines with CRLF", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(toCsv(["h1", "h2"], [["1", "x,y"]])).toBe('h1,h2\r\n1,"x,y"\r\n');
  });

  it("parses back exactly what it wrote", () => {
    const rows = [
      ['Pool, "Prime"\r\nSenior', "", 'ends with quote"', "\n"],
      ["a", "b", "c", "d"],
    ];
    const text = toCsv(["w", "x", "y", "z"], rows);
    expect(parseCsv(text)).toEqual([["w", "x", "y", "z"], ...rows]);
  });

  it("neutralises text a spreadsheet would run as a formula, keeps numbers as they are", () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("\tx")).toBe("'\tx");
    expect(csvField("-12.5")).toBe("-12.5");
    expect(csvField("0.25")).toBe("0.25");
    expect(parseCsv(toCsv(["Pool"], [["=1+1"]]))).toEqual([["Pool"], ["'=1+1"]]);
  });

  it("rejects an unclosed quote", () => {
    expect(() => parseCsv('a,"b')).toThrow(/not closed/);
  });
});
