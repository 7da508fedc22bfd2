import { describe, expect, it } from "vitest";
import { CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH, testBrowserPath } from "./chromium";

describe("testBrowserPath", () => {
  const installed =
    (...files: string[]) =>
    (file: string) =>
      files.includes(file);

  it("runs the journeys in the headless shell when it is installed", () => {
    expect(testBrowserPath({}, installed(CHROMIUM_PATH, CHROMIUM_HEADLESS_SHELL_PATH))).toBe(
      CHROMIUM_HEADLESS_SHELL_PATH,
    );
  });

  it("falls back to the full Chromium without the headless shell", () => {
    expect(testBrowserPath({}, installed(CHROMIUM_PATH))).toBe(CHROMIUM_PATH);
  });

  it("keeps a browser named by CHROMIUM_PATH", () => {
    expect(
      testBrowserPath(
        { CHROMIUM_PATH: "/opt/chrome/chrome" },
        installed(CHROMIUM_PATH, CHROMIUM_HEADLESS_SHELL_PATH),
      ),
    ).toBe("/opt/chrome/chrome");
  });
});
