/** A contract revert or a nonce clash: the chain answered, nothing to back off from. */
export class ActionRefused extends Error {
  constructor(
    readonly reason: string,
    readonly lostRace: boolean,
  ) {
    super(reason);
    this.name = "ActionRefused";
  }
}
