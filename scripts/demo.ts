import * as path from "node:path";
import { LocalStack } from "./lib/localStack";

const repoRoot = path.resolve(__dirname, "..", "..");

/** The main job: a real `pulumi up` of examples/quickstart, a no-change preview, and a destroy. */
async function main(): Promise<void> {
  const stack = await LocalStack.create({
    projectDir: path.join(repoRoot, "examples", "quickstart"),
    programModule: path.join(repoRoot, "dist", "examples", "quickstart", "index.js"),
    stackName: "demo",
  });
  stack.echo = true;
  try {
    console.log("\n== pulumi up");
    const outputs = await stack.up();
    console.log("\n== stack outputs");
    for (const [name, output] of Object.entries(outputs)) {
      console.log(`  ${name}: ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
    }
    console.log("\n== pulumi preview (expect no changes)");
    const summary = await stack.preview();
    console.log(`  change summary: ${JSON.stringify(summary)}`);
  } finally {
    console.log("\n== pulumi destroy");
    await stack.destroy();
    await stack.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
