/**
 * Checks of a JSON answer's shape for the browser's API clients (features/{history,rewards,
 * referrals}/api.ts): strings, numbers, enums, nullables, arrays, objects, and decimal strings
 * turned into bigints. It does for them what zod did, in about 1 KB: zod, even `zod/mini`, came to
 * 16.4 KB gzip of a connected page's JavaScript (Turbopack keeps whole modules; issue 26). The
 * server keeps zod for its own input.
 *
 * A shape answers a new value (an object's unknown keys are left out) or throws a ShapeError
 * naming where the answer broke the contract. Each shape also carries, as a type only, the JSON it
 * accepts (`Input`), so a client can prove its shape is exactly the SDK's contract.
 */

import { ApiError } from "@/lib/api";

export class ShapeError extends Error {
  override name = "ShapeError";
}

/** A check of an unknown value: the checked value (`Out`), from JSON of type `In`. */
export type Shape<Out, In = Out> = ((value: unknown, path?: string) => Out) & {
  /** the accepted JSON, as a type only (a function's return: an optional property's own type loses `undefined`) */
  readonly __input?: () => In;
};

/** What a shape answers. */
export type Output<S> = S extends (value: unknown, path?: string) => infer O ? O : never;
/** The JSON a shape accepts. */
export type Input<S> = S extends { readonly __input?: () => infer I } ? I : never;

function define<Out, In = Out>(check: (value: unknown, path: string) => Out): Shape<Out, In> {
  return ((value: unknown, path = "") => check(value, path)) as Shape<Out, In>;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value;
}

function fail(path: string, expected: string, value: unknown): never {
  throw new ShapeError(`${path || "the answer"}: expected ${expected}, got ${describe(value)}`);
}

export const string = define<string>((v, p) =>
  typeof v === "string" ? v : fail(p, "a string", v),
);

export const boolean = define<boolean>((v, p) =>
  typeof v === "boolean" ? v : fail(p, "true or false", v),
);

/** A string matching `pattern` (`what` names it in the error). */
export function matching(pattern: RegExp, what: string): Shape<string> {
  return define((v, p) => (typeof v === "string" && pattern.test(v) ? v : fail(p, what, v)));
}

/** A safe integer at least `min`. */
export function integer(min: number): Shape<number> {
  return define((v, p) =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min
      ? v
      : fail(p, `an integer >= ${min}`, v),
  );
}

/** A finite number at least `min`. */
export function number(min: number): Shape<number> {
  return define((v, p) =>
    typeof v === "number" && Number.isFinite(v) && v >= min ? v : fail(p, `a number >= ${min}`, v),
  );
}

/** One of `values`. */
export function oneOf<const T extends readonly string[]>(values: T): Shape<T[number]> {
  return define((v, p) =>
    typeof v === "string" && values.includes(v) ? v : fail(p, `one of ${values.join(", ")}`, v),
  );
}

/** Exactly `value`. */
export function literal<const T extends string>(value: T): Shape<T> {
  return define((v, p) => (v === value ? value : fail(p, JSON.stringify(value), v)));
}

/** A decimal integer string (`pattern`, `what`), answered as a bigint. */
export function decimalBigint(pattern: RegExp, what: string): Shape<bigint, string> {
  const text = matching(pattern, what);
  return define((v, p) => {
    const digits = text(v, p);
    try {
      return BigInt(digits);
    } catch {
      return fail(p, what, v);
    }
  });
}

export function nullable<Out, In>(shape: Shape<Out, In>): Shape<Out | null, In | null> {
  return define((v, p) => (v === null ? null : shape(v, p)));
}

/** A value that may be missing (an object's optional key). */
export function optional<Out, In>(shape: Shape<Out, In>): Shape<Out | undefined, In | undefined> {
  return define((v, p) => (v === undefined ? undefined : shape(v, p)));
}

export function array<Out, In>(shape: Shape<Out, In>): Shape<Out[], In[]> {
  return define((v, p) =>
    Array.isArray(v) ? v.map((item, i) => shape(item, `${p}[${i}]`)) : fail(p, "an array", v),
  );
}

type AnyShape = Shape<unknown, unknown>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<S> = {
  [K in keyof S]: undefined extends Input<S[K]> ? K : never;
}[keyof S];
type ObjectOf<S, Of extends "out" | "in"> = Flat<
  {
    [K in Exclude<keyof S, OptionalKeys<S>>]: Of extends "out" ? Output<S[K]> : Input<S[K]>;
  } & {
    [K in OptionalKeys<S>]?: Of extends "out" ? Output<S[K]> : Input<S[K]>;
  }
>;

/**
 * An object with these keys (others are left out of the answer). Only the value's own keys count
 * (nothing inherited fills a missing one).
 */
export function object<S extends Record<string, AnyShape>>(
  shape: S,
): Shape<ObjectOf<S, "out">, ObjectOf<S, "in">> {
  if (Object.hasOwn(shape, "__proto__")) throw new Error("a shape cannot have a __proto__ key");
  return define((v, p) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return fail(p, "an object", v);
    const from = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const own = Object.hasOwn(from, key);
      const value = check(own ? from[key] : undefined, p ? `${p}.${key}` : key);
      if (value !== undefined || own) out[key] = value;
    }
    return out as ObjectOf<S, "out">;
  });
}

/** The first of `shapes` the value has (the errors of all when it has none). */
export function anyOf<const S extends readonly AnyShape[]>(
  ...shapes: S
): Shape<Output<S[number]>, Input<S[number]>> {
  return define((v, p) => {
    const errors: string[] = [];
    for (const shape of shapes) {
      try {
        return shape(v, p) as Output<S[number]>;
      } catch (error) {
        if (!(error instanceof ShapeError)) throw error;
        errors.push(error.message);
      }
    }
    throw new ShapeError(
      `${p || "the answer"}: none of its ${shapes.length} forms (${errors.join("; ")})`,
    );
  });
}

/**
 * The JSON an endpoint answered, checked: a 502 ApiError ("unexpected {what} response: ...") when
 * it breaks the contract.
 */
export function answerOf<S extends AnyShape>(shape: S, json: unknown, what: string): Output<S> {
  try {
    return shape(json) as Output<S>;
  } catch (error) {
    if (error instanceof ShapeError)
      throw new ApiError(502, `unexpected ${what} response: ${error.message}`);
    throw error;
  }
}
