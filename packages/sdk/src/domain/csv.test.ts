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

  it("rejects an unclosed quote", () => {
    expect(() => parseCsv('a,"b')).toThrow(/not closed/);
  });
});
