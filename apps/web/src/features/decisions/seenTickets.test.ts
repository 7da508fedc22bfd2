import { beforeEach, describe, expect, it } from "vitest";
import { markTicketsSeen, seenTicketsKey, unseenTickets } from "./seenTickets";

const A = "0x00000000000000000000000000000000000000Aa";
const B = "0x00000000000000000000000000000000000000bB";

describe("seen loan tickets (Pending decisions opens once per new ticket)", () => {
  beforeEach(() => localStorage.clear());

  it("a ticket shown to a wallet is not new again; a later ticket is", () => {
    expect(unseenTickets(31337, A, [1, 2])).toEqual([1, 2]);
    markTicketsSeen(31337, A, [1, 2]);
    expect(unseenTickets(31337, A, [1, 2])).toEqual([]);
    expect(unseenTickets(31337, A.toLowerCase(), [1, 2, 3])).toEqual([3]);
  });

  it("is remembered per wallet and chain", () => {
    markTicketsSeen(31337, A, [1]);
    expect(unseenTickets(31337, B, [1])).toEqual([1]);
    expect(unseenTickets(8453, A, [1])).toEqual([1]);
  });

  it("a damaged entry counts as nothing seen, and is replaced", () => {
    localStorage.setItem(seenTicketsKey(31337, A), "{not json");
    expect(unseenTickets(31337, A, [7])).toEqual([7]);
    markTicketsSeen(31337, A, [7]);
    expect(unseenTickets(31337, A, [7])).toEqual([]);
  });
});
