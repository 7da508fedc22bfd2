import { describe, expect, it } from "vitest";
import { createAnswerCache, type ReadState } from "./answers";

function setup(max?: number, freshMs = 0) {
  let state: ReadState = { xact: null, snapshot: "10:10:" };
  let checks = 0;
  const cache = createAnswerCache(
    async () => {
      checks += 1;
      return state;
    },
    max,
    freshMs,
  );
  let computed = 0;
  const compute = (value: string) => async () => {
    computed += 1;
    return value;
  };
  return {
    cache,
    compute,
    computed: () => computed,
    checks: () => checks,
    set: (s: ReadState) => (state = s),
  };
}

describe("per-user answers kept until the index changes (issue 25)", () => {
  it("serves the same answer while the snapshot stays, and computes it again once it moves", async () => {
    const t = setup();
    expect(await t.cache.answer("a", t.compute("v1"))).toBe("v1");
    expect(await t.cache.answer("a", t.compute("v2"))).toBe("v1");
    expect(t.computed()).toBe(1);
    // a block was indexed: the snapshot moved
    t.set({ xact: null, snapshot: "11:11:" });
    expect(await t.cache.answer("a", t.compute("v3"))).toBe("v3");
    expect(t.computed()).toBe(2);
  });

  it("serves a young answer without reading the state at all", async () => {
    const t = setup(undefined, 60_000);
    await t.cache.answer("a", t.compute("v1"));
    t.set({ xact: null, snapshot: "11:11:" });
    expect(await t.cache.answer("a", t.compute("v2"))).toBe("v1");
    expect(t.checks()).toBe(1);
  });

  it("shares one computation and one state read between concurrent requests", async () => {
    const t = setup();
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => t.cache.answer("a", t.compute("v"))),
    );
    expect(new Set(answers)).toEqual(new Set(["v"]));
    expect(t.computed()).toBe(1);
    expect(t.checks()).toBe(1);
  });

  it("keeps nothing while a block is being written on the same connection", async () => {
    const t = setup();
    t.set({ xact: "42", snapshot: "10:10:" });
    await t.cache.answer("a", t.compute("v1"));
    await t.cache.answer("a", t.compute("v2"));
    expect(t.computed()).toBe(2);
    expect(t.cache.size()).toBe(0);
  });

  it("forgets a failed computation, and the oldest answers past its bound", async () => {
    const t = setup(2);
    await expect(
      t.cache.answer("x", async () => {
        throw new Error("db down");
      }),
    ).rejects.toThrow("db down");
    expect(await t.cache.answer("x", t.compute("ok"))).toBe("ok");
    await t.cache.answer("y", t.compute("y"));
    await t.cache.answer("z", t.compute("z"));
    expect(t.cache.size()).toBe(2);
    const before = t.computed();
    await t.cache.answer("x", t.compute("x2"));
    expect(t.computed()).toBe(before + 1);
  });
});
