// Flat config: typescript-eslint's type-aware recommended rules over our sources.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import localRules from "./tools/eslint/noImportCycle.mjs";

const noEmulator = ["**/emulator", "**/emulator/**"];
const providerLayers = ["resources", "host", "dynamic", "classes", "native"];
/** The engine's SDK, which only the front ends (dynamic/, native/) and the generated classes speak. */
const engineSdk = ["@pulumi/pulumi", "@pulumi/pulumi/**"];
/**
 * The engine's encoding of property values (values not known yet, secret markers, the dynamic front end's
 * serialized provider), which only the host and the front ends read or write.
 */
const engineEncoding = ["**/propertyEncoding"];
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
  // No import cycles anywhere, type-only imports included: a cycle makes load order matter and blurs the layers,
  // and one held together by types still ties two layers to each other.
  {
    files: ["**/*.ts"],
    plugins: { local: localRules },
    rules: { "local/no-import-cycle": "error" },
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
      "no-restricted-imports": [
        "error",
        { patterns: [...noEmulator, ...engineSdk, ...engineEncoding, ...above("host")] },
      ],
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
          selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name=/Outputs$/]",
          message:
            "asserting a kind's outputs hides what the API's answer may lack: build them field by field from the typed answer",
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
