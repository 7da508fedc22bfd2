import { hexToBigInt, numberToHex, type Abi, type Address, type Client, type Hex } from "viem";
import {
  AbiFallback,
  Reader,
  WORD,
  arrayOf,
  decodeParam,
  decodeSequence,
  encodeWord,
  fallback,
  isDynamic,
  signatureHash,
  type AbiParam,
} from "./abiCodec";

/** An event of an ABI. */
export interface AbiEventItem {
  readonly type: "event";
  readonly name: string;
  readonly anonymous?: boolean;
  readonly inputs: readonly (AbiParam & { readonly indexed?: boolean })[];
}

/** The one event of `abi` named `eventName` (an overloaded or missing one falls back). */
export function abiEvent(abi: readonly unknown[], eventName: string): AbiEventItem {
  const found = abi.filter(
    (item): item is AbiEventItem =>
      (item as AbiEventItem | null)?.type === "event" && (item as AbiEventItem).name === eventName,
  );
  // an anonymous event has no topic of its own
  return found.length === 1 && !found[0]!.anonymous ? found[0]! : fallback(`event ${eventName}`);
}

/** An event's first topic (keccak-256 of its signature). */
export const eventTopic = (item: AbiEventItem): Hex => signatureHash(item);

/**
 * The topics of an `eth_getLogs` filter for `item` (viem's `encodeEventTopics`): its topic, then
 * one per indexed input, the value or any of the values given for it, null for any value.
 */
export function eventTopics(
  item: AbiEventItem,
  args?: Readonly<Record<string, unknown>> | null,
): (Hex | Hex[] | null)[] {
  // as viem's: no argument given, no filter topics (not a list of nulls)
  if (args === undefined || args === null) return [eventTopic(item)];
  // viem also filters the node's logs by `args` itself: what the topics cannot say alone (a
  // positional list, a name that is not an indexed input, an empty list: a wildcard to a node)
  // is left to it
  if (typeof args !== "object" || Array.isArray(args)) fallback("args");
  if (Object.values(args).length === 0) return [eventTopic(item)];
  const indexed = item.inputs.filter((p) => p.indexed);
  for (const [name, value] of Object.entries(args)) {
    if (!indexed.some((p) => p.name === name)) fallback(`args: ${name}`);
    if (Array.isArray(value) && value.length === 0) fallback(`args: ${name} empty`);
  }
  const filters = indexed.map((p) => {
    const value = p.name ? args[p.name] : undefined;
    if (value === undefined || value === null) return null;
    const word = (v: unknown): Hex => `0x${encodeWord(p, v)}`;
    return Array.isArray(value) ? value.map(word) : word(value);
  });
  return [eventTopic(item), ...filters];
}

/**
 * A log's arguments by name (viem's `decodeEventLog`): the indexed ones from its topics, the
 * others from its data. Falls back for a log of another event, an event without named inputs,
 * or an indexed input that is not one word (a string's or a struct's topic is its hash).
 */
export function decodeEventArgs(
  item: AbiEventItem,
  topics: readonly Hex[],
  data: Hex,
): Record<string, unknown> {
  // viem gives no `args` for an event without inputs, an array for unnamed ones: left to it
  const unnamed = item.inputs.length === 0 || item.inputs.some((p) => !p.name);
  // viem compares the first topic as given (a node answers it in lower case)
  if (topics[0] !== eventTopic(item) || unnamed) {
    return fallback("log");
  }
  const indexed = item.inputs.filter((p) => p.indexed);
  const others = item.inputs.filter((p) => !p.indexed);
  if (topics.length !== indexed.length + 1) fallback("topics");
  const args: Record<string, unknown> = {};
  indexed.forEach((p, i) => {
    if (isDynamic(p) || p.type === "tuple" || arrayOf(p.type)) fallback("indexed type");
    const topic = Reader.of(topics[i + 1]!);
    if (topic.size !== WORD) fallback("topic");
    args[p.name!] = decodeParam(topic, p, 0, 0);
  });
  if (others.length > 0) {
    const r = Reader.of(data);
    if (r.size < WORD) fallback("data too short");
    decodeSequence(r, others, 0).forEach((v, i) => (args[others[i]!.name!] = v));
  }
  return args;
}

/** A contract's event log as the SDK's reads use it: its arguments by name and its block. */
export interface EventLog<args> {
  args: args;
  /** null for a log of a pending block */
  blockNumber: bigint | null;
}

interface RpcLog {
  topics: Hex[];
  data: Hex;
  blockNumber?: Hex | null;
}

/** Whether a log's topics are those a filter asks for (its indexed values, one of a list). */
function matchesTopics(
  logTopics: readonly Hex[],
  filter: readonly (Hex | Hex[] | null)[],
): boolean {
  return filter.every((want, i) => {
    if (want === null) return true;
    const got = logTopics[i]?.toLowerCase();
    return Array.isArray(want) ? want.includes(got as Hex) : want === got;
  });
}

/**
 * The logs of one event of a contract over a block range, the indexed inputs filtered by `args`
 * (a value, or any of a list): one `eth_getLogs`, decoded by the SDK's ABI coder (./abiCodec).
 * It answers as viem's `getContractEvents` does for these fields; what the coder does not take
 * (an overloaded event, an indexed string, `args` the topics cannot filter alone, an odd log) is
 * read again by viem's, loaded then (a second `eth_getLogs`). Errors are the transport's, as
 * viem's (./logs.ts splits a range a provider refuses).
 */
export async function readEvents<args extends Record<string, unknown>>(
  client: Client,
  parameters: {
    address: Address;
    abi: Abi | readonly unknown[];
    eventName: string;
    args?: Readonly<Record<string, unknown>>;
    fromBlock: bigint;
    toBlock: bigint | "latest";
  },
): Promise<EventLog<args>[]> {
  const { address, abi, eventName, args, fromBlock, toBlock } = parameters;
  try {
    const item = abiEvent(abi, eventName);
    const topics = eventTopics(item, args);
    const logs = (await client.request({
      method: "eth_getLogs",
      params: [
        {
          address,
          topics,
          fromBlock: numberToHex(fromBlock),
          toBlock: toBlock === "latest" ? toBlock : numberToHex(toBlock),
        },
      ],
    })) as RpcLog[];
    // viem checks each log against `args` again: a node that did not filter by the topics is
    // left to it
    if (!logs.every((log) => matchesTopics(log.topics, topics))) fallback("unfiltered logs");
    return logs.map((log) => ({
      args: decodeEventArgs(item, log.topics, log.data) as args,
      // viem's `formatLog`: no block number (a pending log) is null
      blockNumber: log.blockNumber ? hexToBigInt(log.blockNumber) : null,
    }));
  } catch (error) {
    if (!(error instanceof AbiFallback)) throw error;
  }
  const { getContractEvents } = await import("./eventsFallback");
  const logs = await getContractEvents(client, {
    address,
    abi: abi as Abi,
    eventName,
    args,
    fromBlock,
    toBlock,
  } as Parameters<typeof getContractEvents>[1]);
  return logs.map((log) => ({
    args: (log as unknown as { args: args }).args,
    blockNumber: log.blockNumber,
  }));
}
