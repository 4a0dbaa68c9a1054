// ESLint flat config (decision 020). `npm run lint` runs this and `prettier --check .`.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));

// One zone per feature folder, read from disk on every run, so a feature added later is covered
// without editing this file: a feature may import shared and server, never another feature.
const features = readdirSync(path.join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The one-way import rule (decision 007): shared → server → features → app, modelled on
 * bulletproof-react's apps/react-vite zones. tests/, bench/ and scripts/ are no zone: they may
 * import anything. Co-located *.test.ts files inside src/ obey their folder's zone.
 */
export const importZones = [
  {
    target: "./src/shared",
    from: ["./src/server", "./src/features", "./src/app"],
    message: "src/shared is isomorphic and imports nothing above it (decision 007).",
  },
  {
    target: "./src/server",
    from: ["./src/features", "./src/app"],
    message: "src/server imports only src/shared (decision 007).",
  },
  {
    target: "./src/features",
    from: "./src/app",
    message: "A feature never imports src/app; src/app composes features (decision 007).",
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "A feature never imports another feature; compose them in src/app (decision 007).",
  })),
];

// A comparison or switch of a lead's type (`type`, `leadType`, `lead.type`, …) against a kind's name.
const LEAD_KIND_NAME = "/^(message|financing|booking|trade-in|deal)$/";
const LEAD_TYPE_OPERAND = ":matches(Identifier[name=/^(type|leadType)$/], MemberExpression[property.name=/^(type|leadType)$/])";
const LEAD_KIND_SWITCHES = [
  `BinaryExpression[operator=/^[!=]==?$/]:matches([left.value=${LEAD_KIND_NAME}], [right.value=${LEAD_KIND_NAME}]):has(> ${LEAD_TYPE_OPERAND})`,
  `SwitchStatement:has(> ${LEAD_TYPE_OPERAND}.discriminant) > SwitchCase[test.value=${LEAD_KIND_NAME}]`,
];

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "backups/", "bench/results/", "coverage/", "public/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // TypeScript checks names itself (typescript-eslint's advice); no-undef misreads type-only globals.
      "no-undef": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs["recommended-latest"].rules,
      "react-hooks/exhaustive-deps": "error",
      // The next four are React Compiler diagnostics; we do not compile with React Compiler (decision 020).
      // They flag patterns used on purpose: state corrected from the clock or sessionStorage right after
      // hydration (set-state-in-effect), the "latest value" ref (refs), callback refs that forward to a
      // parent's ref (immutability) and react-hook-form's watch() in the staff dialog (incompatible-library).
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "react-hooks/immutability": "off",
      "react-hooks/incompatible-library": "off",
    },
  },
  {
    // One way to open a transaction (decision 109): inTransaction() runs the after-commit steps (the
    // outbox worker woken for the mail queued inside), which a bare db.transaction() would skip.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/db/migrations/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(transaction|startTransaction)$/]",
          message: "Open a transaction with inTransaction(db, work) (src/server/db/transaction.server.ts): it runs the after-commit steps.",
        },
        // One registry of lead kinds (decision 108): what differs by kind (table, holders, screen, mails) is
        // an entry of LEAD_KINDS, never a test of a lead's type here and there.
        ...LEAD_KIND_SWITCHES.map((selector) => ({
          selector,
          message:
            "Do not switch on a lead's kind: read what differs from LEAD_KINDS (src/shared/leads/lead-kinds.ts), adding a field there if needed.",
        })),
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: importZones }],
    },
  },
);
