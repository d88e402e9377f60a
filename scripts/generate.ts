/**
 * `npm run generate`: rewrites the generated parts of the docs from the code they describe. `npm test` fails
 * while a part is stale (test/docs/readmeFacts.test.ts), so run this after changing their sources.
 */
import { writeSection, type GeneratedSection } from "./lib/generatedSections";
import { settingsTableSection } from "./lib/settingsTable";

/** Every generated part of the docs. */
export const generatedSections: readonly GeneratedSection[] = [settingsTableSection];

async function main(): Promise<void> {
  for (const section of generatedSections) {
    const changed = await writeSection(section);
    console.log(`${section.file} ${section.name}: ${changed ? "rewritten" : "up to date"}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
