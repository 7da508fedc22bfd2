/** A server read that did not answer within the time a render waits for it. */
export class ReadTimeoutError extends Error {
  // the name the error copy knows (lib/readErrors: the RPC did not answer)
  override name = "TimeoutError";
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/**
 * `promise`, or a {@link ReadTimeoutError} once `ms` have passed (the timer is cleared either
 * way): a page never waits longer than that on a read. The read itself goes on.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReadTimeoutError(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
