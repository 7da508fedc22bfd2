import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  if (typeof window === "undefined") return; // node-environment tests (server code)
  cleanup();
  window.localStorage.clear();
});
