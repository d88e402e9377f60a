// Flat config: typescript-eslint's type-aware recommended rules over our sources.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const noEmulator = ["**/emulator", "**/emulator/**"];
const providerLayers = ["resources", "host", "dynamic", "classes", "native"];
/** The engine's SDK, which only the front ends (dynamic/, native/) and the generated classes speak. */
const engineSdk = ["@pulumi/pulumi", "@pulumi/pulumi/**"];
/** Import patterns of the provider's layers from `lowest` up. */
const above = (lowest) =>
  providerLayers.slice(providerLayers.indexOf(lowest)).flatMap((layer) => [`**/${layer}`, `**/${layer}/**`]);

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      "sdk/**",
      "docs/reference/**",
      "**/node_modules/**",
      "**/.pulumi-state/**",
      ".stryker-tmp/**",
      "reports/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // No import cycles anywhere: a cycle makes load order matter and blurs the layers.
  {
    files: ["**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".js", ".json"] })],
      // Imported modules are parsed with the TypeScript parser, or their imports are not followed.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
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
    rules: { "no-restricted-imports": ["error", { patterns: noEmulator }] },
  },
  // Layers of the provider, lowest first: the REST clients know no resource; resource definitions and their
  // operations know neither the engine nor the host that serves them; the host, which decodes and encodes the
  // engine's bags for both front ends, knows no front end; the front ends know no generated class. Nothing imports a
  // layer above its own.
  {
    files: ["provider/rest/**/*.ts", "provider/settings/**/*.ts", "provider/validation/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noEmulator, ...above("resources")] }] },
  },
  {
    files: ["provider/resources/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...noEmulator, ...engineSdk, ...above("host")] }],
      // Operations receive their kind's typed, decoded inputs: neither casts nor the engine's encoding belong here.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message:
            "`as unknown as` hides a type error: type the value (fieldsOf, requestBodyOf<Body>) instead",
        },
        {
          selector: "CallExpression[callee.name='unwrapSecrets']",
          message: "the host unwraps secrets before an operation sees its inputs",
        },
        {
          selector: "CallExpression[callee.name='String'][arguments.0.object.name='inputs']",
          message: "inputs are typed: use the value, not String(inputs.x)",
        },
      ],
    },
  },
  {
    files: ["provider/host/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...noEmulator, ...engineSdk, ...above("dynamic")] }],
    },
  },
  {
    files: ["provider/dynamic/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noEmulator, ...above("classes")] }] },
  },
  // The npm package carries the native plugin as one bundle (dist/plugin) and not its modules, so the package's
  // own command cannot load them.
  {
    files: ["provider/cli/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...noEmulator, "**/native", "**/native/**"] }] },
  },
  {
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
);
