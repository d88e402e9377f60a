/**
 * TEST-ONLY stand-in for `pulumi-language-nodejs`, the Node.js language host a regular Pulumi install ships and
 * that cannot be built on this project's machines. The docs test puts a launcher for it on PATH, so the README's
 * plain `pulumi preview` / `pulumi up` in a project directory run unmodified through the real CLI.
 *
 * Like the real host, the CLI starts it with the engine's address, reads the port it prints, and asks it over gRPC
 * to run the program. It serves the Node SDK's own language server (the one the Automation API uses for inline
 * programs), whose program loads the project's entry point in this process. Differences from the real host, which
 * runs the program in a fresh `node` process: TypeScript is transpiled without type checking (the build and the
 * docs test type-check the same sources), and the module cache of the project's own files is dropped before every
 * run instead of starting a new process.
 */
import * as fs from "node:fs";
import * as path from "node:path";

interface ProgramInfo {
  getProgramDirectory(): string;
  getEntryPoint(): string;
  getOptions(): { toJavaScript(): Record<string, unknown> } | undefined;
}

interface RunRequest {
  getPwd(): string;
  getProgram(): string;
  getInfo(): ProgramInfo | undefined;
}

/** The parts of @grpc/grpc-js (the SDK's own copy) this server uses. */
interface Grpc {
  Server: new (options: object) => {
    addService(service: object, implementation: object): void;
    bindAsync(
      address: string,
      credentials: object,
      callback: (error: Error | null, port: number) => void,
    ): void;
  };
  ServerCredentials: { createInsecure(): object };
}

interface LanguageServerClass {
  new (program: () => Promise<Record<string, unknown>>): {
    run(call: { request: RunRequest }, callback: unknown): Promise<void>;
  };
}

// The SDK the project itself resolves, so the program and this server share one @pulumi/pulumi instance.
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [process.cwd()] }));
/* eslint-disable @typescript-eslint/no-require-imports -- SDK internals, resolved from the project at run time */
const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdkDir] })) as Grpc;
const { LanguageRuntimeService } = require(path.join(sdkDir, "proto", "language_grpc_pb")) as {
  LanguageRuntimeService: object;
};
const { LanguageServer } = require(path.join(sdkDir, "automation", "server")) as {
  LanguageServer: LanguageServerClass;
};
const { grpcChannelOptions } = require(path.join(sdkDir, "runtime")) as { grpcChannelOptions: object };
const tsutils = require(path.join(sdkDir, "tsutils")) as {
  typeScriptRequireStrings(): { tsnodeRequire: string; typescriptRequire: string };
};
/* eslint-enable @typescript-eslint/no-require-imports */

let current: RunRequest | undefined;
let typeScriptRegistered = false;

/** Loads the project's entry point afresh and returns its exports as the stack's outputs. */
async function runProgram(): Promise<Record<string, unknown>> {
  const request = current!;
  const info = request.getInfo();
  const programDir = info?.getProgramDirectory() || request.getPwd();
  const entry = path.resolve(programDir, info?.getEntryPoint() || request.getProgram() || ".");
  const options = info?.getOptions()?.toJavaScript() ?? {};
  if (request.getPwd()) process.chdir(request.getPwd());
  if (options.typescript !== false && !typeScriptRegistered) registerTypeScript();
  for (const file of Object.keys(require.cache)) {
    if (file.startsWith(programDir + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`))
      delete require.cache[file];
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require(entry) as Record<string, unknown>;
  const { default: _default, ...outputs } = exported;
  return outputs;
}

/** The SDK's ts-node (vendored) with the project's TypeScript when it has one, as the real host picks them. */
function registerTypeScript(): void {
  const { tsnodeRequire, typescriptRequire } = tsutils.typeScriptRequireStrings();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tsNode = require(tsnodeRequire) as { register(options: object): void };
  tsNode.register({
    compiler: typescriptRequire,
    transpileOnly: true,
    skipProject: !fs.existsSync("tsconfig.json"),
    compilerOptions: { target: "ES2020", module: "commonjs", moduleResolution: "node" },
  });
  typeScriptRegistered = true;
}

class ProjectLanguageServer extends LanguageServer {
  override run(call: { request: RunRequest }, callback: unknown): Promise<void> {
    current = call.request;
    return super.run(call, callback);
  }
}

const server = new grpc.Server(grpcChannelOptions);
server.addService(LanguageRuntimeService, new ProjectLanguageServer(runProgram));
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) {
    process.stderr.write(`pulumi-language-nodejs (test stand-in): ${error.message}\n`);
    process.exit(1);
  }
  // The CLI reads the port from the first line of stdout.
  process.stdout.write(`${port}\n`);
});
