/**
 * The product's copy: one English catalog (./en) of namespaces, each a separate named export so a
 * bundle keeps only the namespaces it uses, and `fill` for its `{name}` placeholders.
 * `{product}` is always the configurable token symbol.
 */
export * from "./en";

/** The `{name}` placeholders of a template, as a union of names (`never` when it has none). */
export type Placeholders<T extends string> = string extends T
  ? string
  : T extends `${string}{${infer Name}}${infer Rest}`
    ? Name | Placeholders<Rest>
    : never;

type Value = string | number | bigint;

const PLACEHOLDER = /\{(\w+)\}/g;

/** Outside production a template that names a variable the caller did not give is a bug. */
const strict = process.env.NODE_ENV !== "production";

/**
 * The placeholders of a template, in order of appearance (repeats kept once).
 *
 * @example placeholdersOf("{a} and {b} and {a}") // ["a", "b"]
 */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

function missing(template: string, name: string): never {
  throw new Error(`Missing value for {${name}} in "${template}"`);
}

/**
 * Fills the `{name}` placeholders of a catalog template. A missing variable throws in
 * development and tests; in production it is left as `{name}`.
 *
 * @example fill(validation.belowMinimum, { minimum: "100.00" })
 * // "The value entered is below the minimum of 100.00 USDC"
 */
export function fill<T extends string>(template: T, vars: Record<Placeholders<T>, Value>): string {
  const values = vars as Record<string, Value | undefined>;
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return strict ? missing(template, name) : match;
    return String(value);
  });
}

/** A template in its singular and plural forms (English: "one" for 1, "other" otherwise). */
export interface PluralForms<T extends string = string> {
  one: T;
  other: T;
}

/**
 * The form of a plural template for a count (English rule: 1 is singular, everything else,
 * including 0, plural).
 *
 * @example fill(plural(kyc.toasts.continuingIn, 1), { seconds: 1 }) // "Continuing in 1 second."
 */
export function plural<T extends string>(forms: PluralForms<T>, count: number | bigint): T {
  return Number(count) === 1 ? forms.one : forms.other;
}

/**
 * Like {@link fill}, but a value may be any object (a link, a bold element): returns the pieces in
 * order, text and values, for a UI to render. Empty text pieces are dropped.
 *
 * @example fillParts("See the {link}.", { link: 1 }) // ["See the ", 1, "."]
 */
export function fillParts<T extends string, V>(
  template: T,
  vars: Record<Placeholders<T>, V | Value>,
): (string | V)[] {
  const values = vars as Record<string, V | Value | undefined>;
  const out: (string | V)[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    let value = values[name];
    if (value === undefined) {
      if (strict) missing(template, name);
      value = m[0];
    }
    if (m.index > last) out.push(template.slice(last, m.index));
    out.push(typeof value === "number" || typeof value === "bigint" ? String(value) : (value as V));
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out;
}
