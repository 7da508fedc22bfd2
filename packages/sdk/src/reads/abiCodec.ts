import { checksumAddress, keccak256, stringToBytes, type Hex } from "viem";

/**
 * The ABI encoding of a view's call and the decoding of its result, for the SDK's reads in a
 * browser: viem's `encodeFunctionData` / `decodeFunctionResult` bring its whole ABI coder (the
 * cursor, item lookup and formatting, the ABI error classes: about 8 KB gzip on every connected
 * page that reads the chain, issue 26). This covers what the contracts' views take and return,
 * and gives the same values as viem's for well-formed data (`abiCodec.test.ts` compares them):
 * `uint`/`int` of up to 48 bits as numbers, wider ones as bigints, checksummed addresses, tuples
 * as objects when every component is named (arrays otherwise), one output as itself, several as
 * an array, none as `undefined`.
 *
 * Anything else throws {@link AbiFallback}: an input type it does not encode, an overloaded or
 * missing function, data that is short, out of range or not canonical (a boolean other than 0 or
 * 1, an offset past the end, a position read twice, a value whose end viem's cursor checks past
 * the data). The caller then uses viem's own coder (loaded on demand), which gives viem's result
 * or viem's error: the aim is that this module never answers differently from viem, only less
 * often; `abiCodec.test.ts` holds it to that on the contracts' ABIs and on the odd data found so
 * far. Event logs are decoded by ./events with the pieces exported here (in a
 * module of their own, so that a page that reads no logs does not carry them).
 */
export class AbiFallback extends Error {
  override name = "AbiFallback";
}

export const fallback = (reason: string): never => {
  throw new AbiFallback(reason);
};

/** An ABI parameter as the generated ABIs spell it. */
export interface AbiParam {
  readonly type: string;
  readonly name?: string;
  readonly components?: readonly AbiParam[];
}

/** A function of an ABI. */
export interface AbiFunctionItem {
  readonly type: "function";
  readonly name: string;
  readonly inputs: readonly AbiParam[];
  readonly outputs: readonly AbiParam[];
}

/** The one function of `abi` named `functionName` (an overloaded or missing one falls back). */
export function abiFunction(abi: readonly unknown[], functionName: string): AbiFunctionItem {
  const found = abi.filter(
    (item): item is AbiFunctionItem =>
      (item as AbiFunctionItem | null)?.type === "function" &&
      (item as AbiFunctionItem).name === functionName,
  );
  return found.length === 1 ? found[0]! : fallback(`function ${functionName}`);
}

export const WORD = 32;
const TWO_256 = 1n << 256n;
const NUMBER = /^(u?)int(\d*)$/;

/** `T[k]` or `T[]`: the length (null when dynamic) and `T`; null for any other type. */
export function arrayOf(type: string): [length: number | null, inner: string] | null {
  const m = /^(.*)\[(\d*)\]$/.exec(type);
  return m ? [m[2] === "" ? null : Number(m[2]), m[1]!] : null;
}

/** Whether a parameter is encoded after the heads (viem's `hasDynamicChild`). */
export function isDynamic(param: AbiParam): boolean {
  if (param.type === "string" || param.type === "bytes") return true;
  const array = arrayOf(param.type);
  if (array) return array[0] === null || isDynamic({ ...param, type: array[1] });
  return param.type === "tuple" && (param.components ?? []).some(isDynamic);
}

/** The canonical type of a parameter in a signature: tuples as `(a,b)`, with their array suffix. */
function canonical(param: AbiParam): string {
  if (!param.type.startsWith("tuple")) return param.type;
  return `(${(param.components ?? []).map(canonical).join(",")})${param.type.slice(5)}`;
}

const hashes = new WeakMap<object, Hex>();

/**
 * The keccak-256 of a function's or an event's signature (`name(type,...)`, tuples as `(a,b)`),
 * computed once per ABI item: a function's selector is its first 4 bytes, an event's first topic
 * the whole of it.
 */
export function signatureHash(item: { name: string; inputs: readonly AbiParam[] }): Hex {
  let hash = hashes.get(item);
  if (!hash) {
    hash = keccak256(stringToBytes(`${item.name}(${item.inputs.map(canonical).join(",")})`));
    hashes.set(item, hash);
  }
  return hash;
}

/** One word of a `uint`/`int`/`address`/`bool` argument, hex without `0x`. */
export function encodeWord(param: AbiParam, value: unknown): string {
  const number = NUMBER.exec(param.type);
  if (number) {
    const bits = BigInt(number[2] || "256");
    const signed = number[1] === "";
    let v: bigint;
    if (typeof value === "bigint") v = value;
    else if (typeof value === "number" && Number.isSafeInteger(value)) v = BigInt(value);
    else return fallback("number");
    const max = (1n << (signed ? bits - 1n : bits)) - 1n;
    const min = signed ? -max - 1n : 0n;
    if (v > max || v < min) return fallback("number out of range");
    return (v < 0n ? v + TWO_256 : v).toString(16).padStart(64, "0");
  }
  if (param.type === "address") {
    // viem's `isAddress` (strict): lower case, or mixed case with a valid checksum
    if (typeof value !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(value)) return fallback("address");
    if (value !== value.toLowerCase() && checksumAddress(value as Hex) !== value)
      return fallback("address checksum");
    return value.slice(2).toLowerCase().padStart(64, "0");
  }
  if (param.type === "bool") {
    if (typeof value !== "boolean") return fallback("bool");
    return value ? "1".padStart(64, "0") : "0".padStart(64, "0");
  }
  return fallback(`input type ${param.type}`);
}

/** The calldata of a call to `item` with `args` (viem's `encodeFunctionData` for these types). */
export function encodeCall(item: AbiFunctionItem, args: readonly unknown[] | undefined): Hex {
  const values = args ?? [];
  if (values.length !== item.inputs.length) fallback("argument count");
  return `0x${signatureHash(item).slice(2, 10)}${item.inputs.map((p, i) => encodeWord(p, values[i])).join("")}`;
}

/**
 * Reads `data` (hex without `0x`, lower case): only canonical encodings, which read each position
 * once and stay within the data. What viem's decoder takes beyond that (a position read again, up
 * to its limit, or a value that reads past the end of what it needs) falls back to it.
 */
export class Reader {
  /** bytes of `bytes`/`string` values decoded so far, bounded as viem's decoder bounds them */
  private used = 0;
  private readonly seen = new Set<number>();

  constructor(private readonly hex: string) {}

  /** A reader of `data` (`0x` and whole bytes, either case); anything else falls back. */
  static of(data: string): Reader {
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(data)) fallback("data");
    return new Reader(data.slice(2).toLowerCase());
  }

  get size(): number {
    return this.hex.length / 2;
  }

  private touch(at: number): void {
    if (this.seen.has(at)) fallback("a position read again");
    this.seen.add(at);
  }

  word(at: number): string {
    if (!Number.isSafeInteger(at) || at < 0 || at + WORD > this.size) fallback("out of range");
    this.touch(at);
    return this.hex.slice(at * 2, (at + WORD) * 2);
  }

  /**
   * After a dynamic value of a sequence starting at `base`, viem's cursor moves to `base + 32`,
   * which must be within the data (one zero word is not an empty list to viem, but an error).
   */
  afterDynamic(base: number): void {
    if (base + WORD >= this.size) fallback("out of range");
  }

  /** An offset or a length: a number within the data. */
  position(at: number): number {
    const v = BigInt(`0x${this.word(at)}`);
    return v <= BigInt(this.size) ? Number(v) : fallback("offset");
  }

  bytes(at: number, length: number): string {
    if (at + length > this.size) fallback("out of range");
    if (length > 0) this.touch(at);
    this.used += length;
    if (this.used > this.size * WORD) fallback("size limit");
    return this.hex.slice(at * 2, (at + length) * 2);
  }
}

/** The bytes a parameter takes in its sequence's heads. */
function headSize(param: AbiParam): number {
  if (isDynamic(param)) return WORD;
  const array = arrayOf(param.type);
  if (array) return array[0]! * headSize({ ...param, type: array[1] });
  if (param.type === "tuple") return (param.components ?? []).reduce((n, c) => n + headSize(c), 0);
  return WORD;
}

/** A sequence (a tuple's components, an array's elements) whose heads start at `start`. */
export function decodeSequence(r: Reader, params: readonly AbiParam[], start: number): unknown[] {
  const values: unknown[] = [];
  let at = start;
  for (const param of params) {
    values.push(decodeParam(r, param, at, start));
    at += headSize(param);
  }
  return values;
}

/**
 * One parameter whose head is at `at`, in a sequence starting at `base` (a dynamic parameter's
 * head is its offset from `base`).
 */
export function decodeParam(r: Reader, param: AbiParam, at: number, base: number): unknown {
  // a value of no bytes (`T[0]`, an empty struct) is not what a contract returns, and viem's
  // cursor still checks its position
  if (headSize(param) === 0) fallback("empty value");
  const array = arrayOf(param.type);
  if (array) {
    const [length, inner] = array;
    const element = { ...param, type: inner };
    if (length === null) {
      const start = base + r.position(at);
      const count = r.position(start);
      // each element takes at least a word: a longer count is not real data
      if (count * WORD > r.size) fallback("array length");
      const values = decodeSequence(r, Array<AbiParam>(count).fill(element), start + WORD);
      r.afterDynamic(base);
      return values;
    }
    if (!isDynamic(element)) return decodeSequence(r, Array<AbiParam>(length).fill(element), at);
    const values = decodeSequence(r, Array<AbiParam>(length).fill(element), base + r.position(at));
    r.afterDynamic(base);
    return values;
  }
  if (param.type === "tuple") {
    const components = param.components ?? [];
    const dynamic = isDynamic(param);
    const values = decodeSequence(r, components, dynamic ? base + r.position(at) : at);
    if (dynamic) r.afterDynamic(base);
    if (components.length === 0 || components.some((c) => !c.name)) return values;
    // viem's `value[name] = ...` on an object: a field named `__proto__` is left to it
    if (components.some((c) => c.name === "__proto__")) fallback("field name");
    return Object.fromEntries(components.map((c, i) => [c.name, values[i]]));
  }
  if (param.type === "string" || param.type === "bytes") {
    const start = base + r.position(at);
    const length = r.position(start);
    const hex = r.bytes(start + WORD, length);
    r.afterDynamic(base);
    if (param.type === "bytes") return `0x${hex}`;
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return new TextDecoder().decode(bytes);
  }
  const word = r.word(at);
  const number = NUMBER.exec(param.type);
  if (number) {
    let v = BigInt(`0x${word}`);
    if (number[1] === "" && v >= TWO_256 >> 1n) v -= TWO_256;
    if (Number(number[2] || "256") > 48) return v;
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : fallback("number");
  }
  if (param.type === "address") return checksumAddress(`0x${word.slice(24)}`);
  if (param.type === "bool") {
    if (/^0{63}[01]$/.test(word)) return word.endsWith("1");
    return fallback("bool");
  }
  const fixed = /^bytes(\d+)$/.exec(param.type);
  if (fixed && Number(fixed[1]) >= 1 && Number(fixed[1]) <= WORD) {
    return `0x${word.slice(0, Number(fixed[1]) * 2)}`;
  }
  return fallback(`output type ${param.type}`);
}

/** The decoded result of a call to `item` (viem's `decodeFunctionResult`). */
export function decodeResult(item: AbiFunctionItem, data: Hex): unknown {
  const r = Reader.of(data);
  // viem's checks, in its order: some data shorter than a word, then no data for an output
  if (r.size > 0 && r.size < WORD) fallback("data too short");
  if (item.outputs.length === 0) return undefined;
  if (r.size === 0) fallback("no data");
  const values = decodeSequence(r, item.outputs, 0);
  return values.length === 1 ? values[0] : values;
}
