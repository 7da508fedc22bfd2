import { afterEach } from "vitest";

// Node-environment test files (server code, pure logic) have no DOM to clean up: they skip
// importing Testing Library (and react-dom with it), which cost every such file its import.
if (typeof window !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
