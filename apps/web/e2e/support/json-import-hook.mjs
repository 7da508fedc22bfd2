// Node module hook for Playwright's ESM runner: lets `import data from "./x.json"` (no
// `with { type: "json" }`, as bundlers and tsx accept) load in Node, which otherwise refuses it.
// Registered from playwright.config.ts; a no-op for imports that already carry the attribute.
export async function load(url, context, nextLoad) {
  if (url.startsWith("file:") && url.endsWith(".json") && !context.importAttributes?.type) {
    return nextLoad(url, {
      ...context,
      importAttributes: { ...context.importAttributes, type: "json" },
    });
  }
  return nextLoad(url, context);
}
