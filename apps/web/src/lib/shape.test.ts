// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api";
import * as s from "./shape";

const amount = s.decimalBigint(/^\d+$/, "a whole number string");
const item = s.object({
  id: s.string,
  kind: s.oneOf(["bonus", "fee"]),
  amount,
  note: s.optional(s.string),
  shares: s.nullable(amount),
  at: s.integer(0),
});

describe("the API clients' shape checks", () => {
  it("answers the checked value: decimal strings as bigints, unknown keys left out", () => {
    expect(
      item({ id: "a", kind: "bonus", amount: "12", shares: null, at: 0, extra: "dropped" }),
    ).toEqual({ id: "a", kind: "bonus", amount: 12n, shares: null, at: 0 });
    const withNote = item({ id: "b", kind: "fee", amount: "1", note: "x", shares: "3", at: 5 });
    expect(withNote).toEqual({ id: "b", kind: "fee", amount: 1n, note: "x", shares: 3n, at: 5 });
    expect(Object.keys(item({ id: "c", kind: "fee", amount: "0", shares: null, at: 1 }))).toEqual([
      "id",
      "kind",
      "amount",
      "shares",
      "at",
    ]);
  });

  it("refuses what breaks the contract, naming where", () => {
    const ok = { id: "a", kind: "bonus", amount: "12", shares: null, at: 0 };
    expect(() => item({ ...ok, amount: "1.5" })).toThrow(
      'amount: expected a whole number string, got "1.5"',
    );
    expect(() => item({ ...ok, amount: 12 })).toThrow("amount: expected a whole number string");
    expect(() => item({ ...ok, kind: "other" })).toThrow("kind: expected one of bonus, fee");
    expect(() => item({ ...ok, at: -1 })).toThrow("at: expected an integer >= 0, got -1");
    expect(() => item({ ...ok, at: 1.5 })).toThrow("at: expected an integer >= 0");
    expect(() => item({ ...ok, at: 2 ** 53 })).toThrow("at: expected an integer >= 0");
    expect(() => item({ ...ok, shares: undefined })).toThrow("shares: expected a whole number");
    expect(() => item({ ...ok, note: 3 })).toThrow("note: expected a string, got 3");
    expect(() => item({ ...ok, id: undefined })).toThrow("id: expected a string, got undefined");
    expect(() => item(null)).toThrow("the answer: expected an object, got null");
    // an inherited key does not fill a missing one
    const inherited = Object.create({ id: "from the prototype" }) as Record<string, unknown>;
    Object.assign(inherited, { kind: "fee", amount: "1", shares: null, at: 0 });
    expect(() => item(inherited)).toThrow("id: expected a string, got undefined");
    expect(() => item([ok])).toThrow("expected an object, got an array");
    const page = s.object({ items: s.array(item), total: s.number(0), ok: s.boolean });
    expect(() => page({ items: [ok, { ...ok, id: 7 }], total: 1, ok: true })).toThrow(
      "items[1].id: expected a string, got 7",
    );
    expect(() => page({ items: [], total: Infinity, ok: true })).toThrow(
      "total: expected a number",
    );
    expect(() => page({ items: [], total: 0, ok: "yes" })).toThrow("ok: expected true or false");
    expect(() => page({ items: {}, total: 0, ok: true })).toThrow("items: expected an array");
  });

  it("refuses a decimal pattern's text BigInt cannot read as that pattern's error", () => {
    const loose = s.decimalBigint(/^[\d.]+$/, "digits");
    expect(loose("10")).toBe(10n);
    expect(() => loose("1.0")).toThrow('expected digits, got "1.0"');
    expect(() => s.answerOf(loose, "1.0", "/api/x")).toThrow(ApiError);
  });

  it("takes the first form a union's value has, and says why none fit", () => {
    const loss = s.object({ type: s.literal("Loss"), change: amount });
    const deposit = s.object({ type: s.oneOf(["Deposit", "Withdrawal"]), id: s.string });
    const row = s.anyOf(loss, deposit);
    expect(row({ type: "Loss", change: "5" })).toEqual({ type: "Loss", change: 5n });
    expect(row({ type: "Withdrawal", id: "w" })).toEqual({ type: "Withdrawal", id: "w" });
    expect(() => row({ type: "Loss", change: "-5" })).toThrow(
      /none of its 2 forms \(change: expected a whole number string.*; type: expected one of/,
    );
  });

  it("turns a broken answer into a 502 naming the endpoint", () => {
    try {
      s.answerOf(item, { id: 1 }, "/api/rewards");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).statusCode).toBe(502);
      expect((error as ApiError).message).toBe(
        "unexpected /api/rewards response: id: expected a string, got 1",
      );
    }
    expect(s.answerOf(amount, "7", "x")).toBe(7n);
  });
});
