/**
 * Bundles the code the dynamic-provider process runs (`pulumi-clickhouse-cloud/runtime`) into two files in
 * dist/runtime: the runtime (resource operations, settings, validators, REST clients) and, apart from it, the HTTP
 * libraries it requires when the first client is made. One file per part spares the process the resolution and
 * reading of some two hundred modules on every `pulumi` command (docs/decisions/0003-runtime-bundle.md). Built from
 * tsc's output, so the bundle runs the same JavaScript the tests run. Run by `npm run compile` (and so by
 * `npm run build`), after tsc.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { build, type Plugin } from "esbuild";

const repoRoot = path.resolve(__dirname, "..", "..");
const compiledProvider = path.join(repoRoot, "dist", "provider");
const runtimeBundleDir = path.join(repoRoot, "dist", "runtime");

/** The module `httpLibrary` requires lazily (`./httpModules`); its bundle has the same name beside the runtime's. */
const httpModules = "httpModules";

/** Leaves the HTTP libraries' require in the runtime's bundle, pointed at their own bundle. */
const httpModulesApart: Plugin = {
  name: "http-modules-apart",
  setup(builder) {
    builder.onResolve({ filter: new RegExp(`^\\./${httpModules}$`) }, () => ({
      path: `./${httpModules}.js`,
      external: true,
    }));
  },
};

async function bundle(entry: string, outfile: string, plugins: Plugin[]): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    // Less to parse on every start; keepNames below keeps the names that messages show.
    minify: true,
    // The program's @pulumi/pulumi is the one the provider process runs on: never a second copy. The Redis client,
    // loaded only where a budget is shared through Redis, is required from the package's dependencies then.
    external: ["@pulumi/pulumi", "@pulumi/pulumi/*", "@redis/client"],
    // Error names (RequestValidationError, ApiError...) reach users in messages.
    keepNames: true,
    legalComments: "eof",
    logLevel: "warning",
    plugins,
  });
}

async function main(): Promise<void> {
  fs.rmSync(runtimeBundleDir, { recursive: true, force: true });
  await bundle(
    path.join(compiledProvider, "dynamic", "runtime.js"),
    path.join(runtimeBundleDir, "index.js"),
    [httpModulesApart],
  );
  await bundle(
    path.join(compiledProvider, "rest", "transport", `${httpModules}.js`),
    path.join(runtimeBundleDir, `${httpModules}.js`),
    [],
  );
  console.error(`[build] dynamic-provider runtime: ${path.relative(repoRoot, runtimeBundleDir)}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
