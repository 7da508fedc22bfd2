/**
 * `copy/jsx-no-literals`: user-visible text in JSX must come from the catalog
 * (packages/sdk/src/i18n/en.ts), like eslint-plugin-react's `react/jsx-no-literals` with
 * `noStrings`, but limited to what a user reads:
 *
 * - JSX text with a letter in it (`<p>Close</p>`);
 * - string and template literals with a letter in a JSX child expression (`{busy ? "Saving" : x}`,
 *   `{`${n} USDC`}`), through conditionals and logical operators;
 * - the same in the attributes that are shown or read out (`aria-label`, `title`, `placeholder`,
 *   `alt`, ... and the copy props of our own components, option `attributes`).
 *
 * Strings without a letter ("·", "—", "%", "…") pass; so do those in option `allowedStrings`.
 * Class names, ids, test ids, hrefs and other attributes are not copy and are not checked.
 */

const DEFAULT_ATTRIBUTES = [
  "alt",
  "aria-description",
  "aria-label",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "label",
  "placeholder",
  "title",
];

const LETTER = /\p{L}/u;

/** @type {import("eslint").Rule.RuleModule} */
const jsxNoLiterals = {
  meta: {
    type: "problem",
    docs: { description: "User-visible JSX text comes from the translation catalog" },
    schema: [
      {
        type: "object",
        properties: {
          allowedStrings: { type: "array", items: { type: "string" } },
          attributes: { type: "array", items: { type: "string" } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        'User-visible text "{{text}}" in JSX: take it from the catalog (@lending/sdk, packages/sdk/src/i18n/en.ts).',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const allowed = new Set((options.allowedStrings ?? []).map((s) => s.trim()));
    const attributes = new Set([...DEFAULT_ATTRIBUTES, ...(options.attributes ?? [])]);

    const isCopy = (text) => {
      const t = text.trim();
      return t !== "" && LETTER.test(t) && !allowed.has(t);
    };
    const report = (node, text) =>
      context.report({
        node,
        messageId: "literal",
        data: { text: text.trim().replace(/\s+/g, " ").slice(0, 60) },
      });

    /** Reports the literals an expression renders directly (not inside calls or functions). */
    function check(node) {
      if (!node) return;
      switch (node.type) {
        case "Literal":
          if (typeof node.value === "string" && isCopy(node.value)) report(node, node.value);
          return;
        case "TemplateLiteral":
          for (const q of node.quasis) if (isCopy(q.value.cooked ?? "")) report(q, q.value.cooked);
          for (const e of node.expressions) check(e);
          return;
        case "ConditionalExpression":
          check(node.consequent);
          check(node.alternate);
          return;
        case "LogicalExpression":
          check(node.right);
          return;
        case "TSAsExpression":
        case "TSSatisfiesExpression":
        case "TSNonNullExpression":
          check(node.expression);
          return;
        default:
          return;
      }
    }

    const attributeName = (attr) =>
      attr.name.type === "JSXNamespacedName"
        ? `${attr.name.namespace.name}:${attr.name.name.name}`
        : attr.name.name;

    return {
      JSXText(node) {
        if (isCopy(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent?.type === "JSXElement" || parent?.type === "JSXFragment") check(node.expression);
      },
      JSXAttribute(node) {
        if (!attributes.has(attributeName(node)) || !node.value) return;
        if (node.value.type === "Literal") check(node.value);
        else if (node.value.type === "JSXExpressionContainer") check(node.value.expression);
      },
    };
  },
};

export default { rules: { "jsx-no-literals": jsxNoLiterals } };
