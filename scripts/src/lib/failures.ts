/** The ANSI colour codes of a test reporter's output. */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/**
 * The lines of a failed step's output that name what failed: vitest's `FAIL file > test` lines and
 * Playwright's `✘ ... › test` lines, each with the error line that follows it, and forge's
 * `Encountered N failing test in <suite>` and `[FAIL: <reason>] <test>` lines, which carry their
 * reason (the summary is the part of a long CI log that is always shown, so it says which test to
 * look at).
 */
export function failureLines(output: string, max = 30): string[] {
  const lines = output.replace(ANSI, "").split("\n");
  const picked: string[] = [];
  const seen = new Set<string>();
  const add = (line: string) => {
    const text = line.trim().replace(/\s+/g, " ").slice(0, 240);
    if (text && !seen.has(text) && picked.length < max) {
      seen.add(text);
      picked.push(text);
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(\[FAIL\b|Encountered \d+ failing tests? in )/.test(line)) {
      add(line);
      continue;
    }
    if (!/^\s*(FAIL\s|✘|×\s)/.test(line)) continue;
    add(line);
    // the first error line under it (vitest's "Failed Tests" block, Playwright's error)
    for (let j = i + 1; j < Math.min(lines.length, i + 12); j++) {
      const next = lines[j]!.trim();
      if (/^(FAIL\s|✘|×\s)/.test(next)) break;
      if (/^(\w*Error|expect\(|Expected|Received|Timed out|Test timeout)/.test(next)) {
        add(next);
        break;
      }
    }
  }
  return picked;
}
