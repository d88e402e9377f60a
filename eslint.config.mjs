// Flat config: typescript-eslint's type-aware recommended rules over our sources.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "docs/reference/**",
      "**/node_modules/**",
      "**/.pulumi-state/**",
      ".stryker-tmp/**",
      "reports/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  // The emulator is a second, independent reading of the APIs and the provider must not depend on it: neither
  // imports the other. Both may read the APIs' schemas, which are data in schemas/.
  {
    files: ["emulator/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/provider", "**/provider/**"] }] },
  },
  {
    files: ["provider/**/*.ts", "schemas/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/emulator", "**/emulator/**"] }] },
  },
  {
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
);
