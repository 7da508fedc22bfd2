import {
  AbiDecodingZeroDataError,
  BaseError,
  checksumAddress,
  createClient,
  custom,
  decodeEventLog,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  type Abi,
  type AbiParameter,
  type Hex,
} from "viem";
import { getContractEvents, readContract as viemReadContract } from "viem/actions";
import { describe, expect, it } from "vitest";
import { erc20Abi } from "../abi/erc20";
import * as generated from "../abi/generated";
import {
  AbiFallback,
  abiFunction,
  decodeResult,
  encodeCall,
  type AbiFunctionItem,
} from "./abiCodec";
import { abiEvent, decodeEventArgs, eventTopics, readEvents, type AbiEventItem } from "./events";
import { readContract } from "./readContract";

// A small seeded generator: the same cases on every run.
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(26);
const int = (n: number) => Math.floor(rand() * n);
const hexBytes = (n: number) =>
  Array.from({ length: n }, () => int(256).toString(16).padStart(2, "0")).join("");
const randomBig = (bits: number): bigint => {
  // the edges as often as the middle
  const pick = int(4);
  if (pick === 0) return 0n;
  if (pick === 1) return (1n << BigInt(bits)) - 1n;
  const v = BigInt(`0x${hexBytes(Math.ceil(bits / 8))}`);
  return v & ((1n << BigInt(bits)) - 1n);
};
const STRINGS = ["", "Senior", "Cash Management Fund", "é ü ñ", "借贷 🚀 tranche", "x".repeat(70)];

/** A value viem's encoder takes for `param`. */
function randomValue(param: AbiParameter): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array) {
    const length = array[2] === "" ? int(4) : Number(array[2]);
    return Array.from({ length }, () => randomValue({ ...param, type: array[1]! }));
  }
  if (param.type === "tuple") {
    const components = (param as { components: readonly AbiParameter[] }).components;
    const named = components.length > 0 && components.every((c) => c.name);
    const values = components.map(randomValue);
    return named ? Object.fromEntries(components.map((c, i) => [c.name, values[i]])) : values;
  }
  const number = /^(u?)int(\d*)$/.exec(param.type);
  if (number) {
    const bits = Number(number[2] || "256");
    if (number[1] === "u") return randomBig(bits);
    return randomBig(bits) - (1n << BigInt(bits - 1));
  }
  if (param.type === "address") return `0x${hexBytes(20)}`;
  if (param.type === "bool") return rand() < 0.5;
  if (param.type === "string") return STRINGS[int(STRINGS.length)];
  if (param.type === "bytes") return `0x${hexBytes(int(70))}`;
  const fixed = /^bytes(\d+)$/.exec(param.type);
  if (fixed) return `0x${hexBytes(Number(fixed[1]))}`;
  throw new Error(`no generator for ${param.type}`);
}

const ABIS: Record<string, readonly unknown[]> = { ...generated, erc20Abi };
const FUNCTIONS = Object.values(ABIS).flatMap((abi) =>
  (abi as readonly AbiFunctionItem[]).filter((i) => i.type === "function"),
);
const SIMPLE_INPUT = /^(u?int\d*|address|bool)$/;

// Types the contracts' views do not return, and a function of each shape, to hold the coder to
// viem's on the whole of the ABI encoding (negative numbers, bytes, nested dynamic arrays).
const SHAPES = [
  {
    type: "function",
    name: "shapes",
    stateMutability: "view",
    inputs: [
      { name: "a", type: "int8" },
      { name: "b", type: "int256" },
      { name: "c", type: "uint48" },
      { name: "d", type: "uint56" },
      { name: "e", type: "bool" },
    ],
    outputs: [
      { name: "", type: "int24" },
      { name: "", type: "int256" },
      { name: "", type: "uint48" },
      { name: "", type: "uint56" },
      { name: "", type: "bytes" },
      { name: "", type: "bytes32" },
      { name: "", type: "bytes4" },
      { name: "", type: "string[2]" },
      { name: "", type: "uint256[][]" },
      { name: "", type: "uint16[3]" },
      {
        name: "",
        type: "tuple[]",
        components: [
          { name: "label", type: "string" },
          { name: "", type: "address[2]" },
        ],
      },
      {
        name: "pair",
        type: "tuple",
        components: [
          { name: "x", type: "uint8" },
          { name: "y", type: "tuple", components: [{ name: "z", type: "bytes" }] },
        ],
      },
    ],
  },
  {
    type: "function",
    name: "one",
    stateMutability: "view",
    inputs: [],
    outputs: [{ name: "", type: "string" }],
  },
  { type: "function", name: "none", stateMutability: "view", inputs: [], outputs: [] },
] as const;

const fails = (run: () => unknown) => expect(run).toThrow(AbiFallback);

describe("the SDK's ABI coder answers as viem's", () => {
  it("encodes every function of the contracts' ABIs whose inputs it takes, as viem does", () => {
    let encoded = 0;
    for (const item of [...FUNCTIONS, ...(SHAPES as unknown as AbiFunctionItem[])]) {
      const takes = item.inputs.every((p) => SIMPLE_INPUT.test(p.type));
      for (let run = 0; run < 8; run++) {
        const args = item.inputs.map((p) => randomValue(p as AbiParameter));
        if (!takes) {
          fails(() => encodeCall(item, args));
          continue;
        }
        expect(encodeCall(item, args)).toBe(
          encodeFunctionData({ abi: [item] as unknown as Abi, functionName: item.name, args }),
        );
        encoded += 1;
      }
    }
    expect(encoded).toBeGreaterThan(400);
  });

  it("decodes every output of the contracts' ABIs (structs, arrays of structs, strings) as viem does", () => {
    let decoded = 0;
    for (const item of [...FUNCTIONS, ...(SHAPES as unknown as AbiFunctionItem[])]) {
      for (let run = 0; run < 12; run++) {
        const values = item.outputs.map((p) => randomValue(p as AbiParameter));
        const data = encodeAbiParameters(item.outputs as readonly AbiParameter[], values);
        const viem = decodeFunctionResult({
          abi: [item] as unknown as Abi,
          functionName: item.name,
          data,
        });
        expect(decodeResult(item, data)).toEqual(viem);
        // the node may answer in upper case hex
        expect(decodeResult(item, `0x${data.slice(2).toUpperCase()}`)).toEqual(viem);
        decoded += 1;
      }
    }
    expect(decoded).toBeGreaterThan(1000);
  });

  it("gives numbers of up to 48 bits as numbers, wider ones as bigints, and names struct fields", () => {
    const [shapes] = SHAPES;
    const data = encodeAbiParameters(shapes.outputs, [
      -5,
      -(1n << 255n),
      2 ** 48 - 1,
      2n ** 56n - 1n,
      "0x00ff",
      `0x${"ab".repeat(32)}`,
      "0x12345678",
      ["a", "b"],
      [[1n], []],
      [1, 2, 3],
      [["l", ["0x0000000000000000000000000000000000000001", `0x${"ff".repeat(20)}`]]],
      { x: 7, y: { z: "0x" } },
    ] as never);
    const out = decodeResult(shapes as unknown as AbiFunctionItem, data) as unknown[];
    expect(out.slice(0, 4)).toEqual([-5, -(1n << 255n), 2 ** 48 - 1, 2n ** 56n - 1n]);
    // unnamed components: an array; addresses checksummed
    expect(out[10]).toEqual([
      [
        "l",
        ["0x0000000000000000000000000000000000000001", checksumAddress(`0x${"ff".repeat(20)}`)],
      ],
    ]);
    expect(out).toEqual(decodeFunctionResult({ abi: SHAPES, functionName: "shapes", data }));
    expect(out[11]).toEqual({ x: 7, y: { z: "0x" } });
  });

  it("reads one output as itself and no output as undefined", () => {
    const [, one, none] = SHAPES as unknown as AbiFunctionItem[];
    const data = encodeAbiParameters([{ type: "string" }], ["借贷 🚀"]);
    expect(decodeResult(one!, data)).toBe("借贷 🚀");
    expect(decodeResult(none!, "0x")).toBeUndefined();
  });

  it("leaves to viem what it does not take: overloads, bad arguments, odd data", () => {
    const [shapes, one] = SHAPES as unknown as AbiFunctionItem[];
    fails(() => abiFunction(generated.requestNftAbi, "safeTransferFrom")); // overloaded
    fails(() => abiFunction(erc20Abi, "noSuchFunction"));
    const balanceOf = abiFunction(erc20Abi, "balanceOf");
    // a mixed-case address with a wrong checksum, a number out of range, a wrong count
    fails(() => encodeCall(balanceOf, ["0x70997970C51812dc3A010C7d01b50e0d17dc79C9"]));
    expect(() =>
      encodeFunctionData({
        abi: erc20Abi,
        functionName: "balanceOf",
        args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C9"],
      }),
    ).toThrow(BaseError);
    fails(() => encodeCall(shapes!, [128, 0n, 0, 0n, true]));
    fails(() => encodeCall(balanceOf, []));
    fails(() => encodeCall(balanceOf, [1n]));
    // no data, short data, a boolean word of 2, an offset past the end
    fails(() => decodeResult(balanceOf, "0x"));
    fails(() => decodeResult(balanceOf, "0x01"));
    const feeEligible = abiFunction(generated.ksuLockingAbi, "feeEligible");
    fails(() => decodeResult(feeEligible, `0x${"2".padStart(64, "0")}`));
    fails(() => decodeResult(one!, `0x${"ff".padStart(64, "0")}`));
    // data viem's cursor refuses: one zero word for a list or a string (its end is checked past
    // the data), two lists sharing one tail (a position read twice), an element of no bytes
    const zeroWord = `0x${"0".repeat(64)}` as const;
    fails(() => decodeResult(abiFunction(generated.lendingPoolManagerAbi, "getPools"), zeroWord));
    fails(() => decodeResult(abiFunction(generated.ksuAbi, "name"), zeroWord));
    const nested = {
      type: "function",
      name: "nested",
      inputs: [],
      outputs: [{ name: "", type: "uint256[][]" }],
    } as const;
    const word = (n: number) => n.toString(16).padStart(64, "0");
    const shared = `0x${word(0x20)}${word(2)}${word(0x40)}${word(0x40)}${word(0)}` as const;
    fails(() => decodeResult(nested, shared));
    const empty = { ...nested, outputs: [{ name: "", type: "uint256[0][]" }] } as const;
    fails(() => decodeResult(empty, `0x${word(0x20)}${word(1)}`));
    const zeroWidthField = {
      ...nested,
      outputs: [
        {
          name: "",
          type: "tuple",
          components: [
            { name: "a", type: "uint256" },
            { name: "s", type: "string" },
            { name: "z", type: "uint256[0]" },
          ],
        },
      ],
    } as const;
    fails(() => decodeResult(zeroWidthField, `0x${word(0x20)}${word(0)}${word(1)}`));
    const proto = {
      ...nested,
      outputs: [{ name: "", type: "tuple", components: [{ name: "__proto__", type: "uint8" }] }],
    } as const;
    fails(() => decodeResult(proto, `0x${word(1)}`));
    // viem's answers, which the fallback gives: the shared tail decoded twice, errors for the rest
    expect(decodeFunctionResult({ abi: [nested], functionName: "nested", data: shared })).toEqual([
      [],
      [],
    ]);
    for (const [item, data] of [
      [abiFunction(generated.lendingPoolManagerAbi, "getPools"), zeroWord],
      [empty, `0x${word(0x20)}${word(1)}`],
    ] as const) {
      expect(() =>
        decodeFunctionResult({ abi: [item] as unknown as Abi, functionName: item.name, data }),
      ).toThrow(BaseError);
    }
    // a checksummed address and a lower-case one encode the same
    expect(encodeCall(balanceOf, ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"])).toBe(
      encodeCall(balanceOf, ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"]),
    );
  });
});

describe("the SDK's event decoding answers as viem's", () => {
  const EVENTS = Object.values(ABIS).flatMap((abi) =>
    (abi as readonly AbiEventItem[]).filter((i) => i.type === "event"),
  );
  const oneWord = (p: AbiEventItem["inputs"][number]) =>
    /^(u?int\d*|address|bool|bytes\d+)$/.test(p.type);

  it("decodes every event of the contracts' ABIs whose indexed inputs are one word", () => {
    let decoded = 0;
    for (const item of EVENTS) {
      const indexed = item.inputs.filter((p) => p.indexed);
      const others = item.inputs.filter((p) => !p.indexed);
      for (let run = 0; run < 10; run++) {
        const values = Object.fromEntries(
          item.inputs.map((p) => [p.name, randomValue(p as AbiParameter)]),
        );
        const topics = encodeEventTopics({
          abi: [item] as unknown as Abi,
          eventName: item.name,
          args: Object.fromEntries(indexed.map((p) => [p.name, values[p.name!]])),
        } as never) as Hex[];
        const data = encodeAbiParameters(
          others as readonly AbiParameter[],
          others.map((p) => values[p.name!]),
        );
        // viem gives no `args` for an event without inputs: left to it
        if (!indexed.every(oneWord) || item.inputs.length === 0) {
          fails(() => decodeEventArgs(item, topics, data));
          continue;
        }
        const viem = decodeEventLog({
          abi: [item] as unknown as Abi,
          topics: topics as never,
          data,
        });
        expect(decodeEventArgs(item, topics, data)).toEqual(viem.args);
        decoded += 1;
      }
    }
    expect(decoded).toBeGreaterThan(300);
  });

  it("filters on indexed values as viem's topics do: one value, any of a list, any value", () => {
    const locked = abiEvent(generated.lendingPoolManagerAbi, "FixedTermLocked");
    const users = ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", `0x${"ab".repeat(20)}`] as const;
    for (const args of [{}, { user: users }, { user: users, poolId: 3n }, { lockId: 7n }]) {
      expect(eventTopics(locked, args)).toEqual(
        encodeEventTopics({
          abi: generated.lendingPoolManagerAbi,
          eventName: "FixedTermLocked",
          args,
        } as never),
      );
    }
  });

  it("leaves to viem the filters the topics cannot say alone", () => {
    const locked = abiEvent(generated.lendingPoolManagerAbi, "FixedTermLocked");
    fails(() => eventTopics(locked, [null, `0x${"01".repeat(20)}`] as never)); // positional
    fails(() => eventTopics(locked, { users: [`0x${"01".repeat(20)}`] })); // not an input
    fails(() => eventTopics(locked, { assets: 1n })); // not indexed
    fails(() => eventTopics(locked, { user: [] })); // a wildcard to a node, nothing to viem
    fails(() => eventTopics(locked, [] as never));
    fails(() => eventTopics(locked, 5 as never));
    expect(eventTopics(locked, null)).toEqual([eventTopics(locked)[0]]);
  });

  it("leaves to viem a log of another event or with missing topics", () => {
    const locked = abiEvent(generated.lendingPoolManagerAbi, "FixedTermLocked");
    const released = abiEvent(generated.lendingPoolManagerAbi, "FixedTermReleased");
    const topics = eventTopics(released, { lockId: 1n, user: `0x${"01".repeat(20)}` }) as Hex[];
    fails(() => decodeEventArgs(locked, topics, "0x"));
    fails(() => decodeEventArgs(released, topics.slice(0, 2), `0x${"00".repeat(64)}`));
    fails(() => decodeEventArgs(released, topics, "0x"));
  });
});

describe("readContract with odd data answers as viem's readContract", () => {
  const answering = (result: Hex) =>
    createClient({
      transport: custom({ request: async () => result }, { retryCount: 0 }),
    });
  const outcome = (read: Promise<unknown>) =>
    read.then(
      (value) => ({ value }),
      (e: unknown) => ({ error: (e as Error).name, message: (e as BaseError).shortMessage }),
    );
  const read = (functionName: "feeEligible" | "loyaltyLevel" | "getUserLocks") =>
    ({
      address: "0x0000000000000000000000000000000000000001",
      abi: generated.ksuLockingAbi,
      functionName,
      args: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"],
    }) as const;

  it("a boolean word of 2, no data, a short answer: viem's error", async () => {
    for (const [fn, data] of [
      ["feeEligible", `0x${"2".padStart(64, "0")}`],
      ["feeEligible", "0x"],
      ["loyaltyLevel", "0x0102"],
      ["getUserLocks", `0x${"20".padStart(64, "0")}${"ff".padStart(64, "0")}`],
      ["getUserLocks", `0x${"0".repeat(64)}`],
    ] as const) {
      const ours = await outcome(readContract(answering(data), read(fn)));
      expect(ours).toEqual(await outcome(viemReadContract(answering(data), read(fn))));
      expect(ours).toHaveProperty("error", "ContractFunctionExecutionError");
    }
    const zero = await readContract(answering("0x"), read("feeEligible")).catch((e: BaseError) =>
      e.walk(
        (c) =>
          c instanceof AbiDecodingZeroDataError ||
          (c as Error | null)?.name === "ContractFunctionZeroDataError",
      ),
    );
    expect(zero).not.toBeNull();
  });

  it("a number past what a uint8 holds: viem's number", async () => {
    const data = `0x${"1ff".padStart(64, "0")}` as const;
    expect(await readContract(answering(data), read("loyaltyLevel"))).toBe(
      await viemReadContract(answering(data), read("loyaltyLevel")),
    );
  });
});

describe("readEvents answers as viem's getContractEvents", () => {
  const released = abiEvent(generated.lendingPoolManagerAbi, "FixedTermReleased");
  const log = (blockNumber: Hex | null | undefined) => ({
    address: "0x0000000000000000000000000000000000000001",
    topics: eventTopics(released, { lockId: 5n, user: `0x${"01".repeat(20)}` }),
    data: encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [7n, 8n]),
    blockNumber,
    blockHash: null,
    logIndex: "0x0",
    transactionHash: null,
    transactionIndex: "0x0",
    removed: false,
  });
  const answering = (logs: unknown[]) =>
    createClient({ transport: custom({ request: async () => logs }, { retryCount: 0 }) });
  const read = {
    address: "0x0000000000000000000000000000000000000001",
    abi: generated.lendingPoolManagerAbi,
    eventName: "FixedTermReleased",
    fromBlock: 1n,
    toBlock: "latest",
  } as const;

  it("a node that does not filter by the topics, a first topic in upper case: viem's answer", async () => {
    const filtered = { ...read, args: { user: `0x${"02".repeat(20)}` } } as const;
    const other = [log("0x10")]; // user 0x0101...: not the one asked for
    expect(await getContractEvents(answering(other), filtered)).toEqual([]);
    expect(await readEvents(answering(other), filtered)).toEqual([]);
    const upper = [
      {
        ...log("0x10"),
        topics: log("0x10").topics.map((t, i) =>
          i === 0 ? `0x${(t as Hex).slice(2).toUpperCase()}` : t,
        ),
      },
    ];
    const viem = await getContractEvents(answering(upper), read);
    expect(await readEvents(answering(upper), read)).toHaveLength(viem.length);
  });

  it("a mined log, a pending one (no block number) and one without the field", async () => {
    for (const blockNumber of ["0x10", null, undefined] as const) {
      const logs = [log(blockNumber)];
      const viem = await getContractEvents(answering(logs), read);
      expect(viem).toHaveLength(1);
      expect(await readEvents(answering(logs), read)).toEqual(
        viem.map((l) => ({
          args: (l as unknown as { args: unknown }).args,
          blockNumber: l.blockNumber,
        })),
      );
    }
  });
});
