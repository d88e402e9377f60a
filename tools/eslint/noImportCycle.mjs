// An ESLint rule that refuses import cycles among the repository's TypeScript modules, type-only imports included.
// eslint-plugin-import-x's no-cycle skips `import type` (it has no option to count it), so a cycle held together by
// types passes it; such a cycle still ties the modules' layers together. This rule follows every relative module
// specifier TypeScript reads from a file (imports and re-exports, type-only or not, `import x = require(...)`,
// `import(...)`), so a cycle is reported on each import of the linted file that starts one.
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/** The relative specifiers a module's text names, with their offsets in the text. */
function relativeSpecifiers(text) {
  return ts
    .preProcessFile(text, true, false)
    .importedFiles.filter((file) => file.fileName.startsWith("./") || file.fileName.startsWith("../"));
}

/** The TypeScript file a relative specifier names from `fromFile`, or undefined (a JSON file, a missing one). */
function resolveSpecifier(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, ".ts"), `${base}.ts`, path.join(base, "index.ts")];
  return candidates.find((candidate) => candidate.endsWith(".ts") && isFile(candidate));
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The modules each module imports, read from disk once per file version. */
const importsOnDisk = new Map();

function importsOf(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const cached = importsOnDisk.get(file);
  if (cached !== undefined && cached.mtime === mtime) return cached.imports;
  const text = fs.readFileSync(file, "utf8");
  const imports = [
    ...new Set(relativeSpecifiers(text).flatMap((s) => resolveSpecifier(file, s.fileName) ?? [])),
  ];
  importsOnDisk.set(file, { mtime, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or undefined when there is none. */
function chainBack(start, target) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [file];
        for (let step = cameFrom.get(file); step !== undefined; step = cameFrom.get(step))
          chain.unshift(step);
        return chain;
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  return undefined;
}

export const noImportCycle = {
  meta: {
    type: "problem",
    docs: {
      description: "Forbid an import that leads back to the importing module, type-only imports included.",
    },
    schema: [],
    messages: { cycle: "Dependency cycle: {{chain}}" },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file.endsWith(".ts") || !path.isAbsolute(file)) return {};
    const sourceCode = context.sourceCode;
    return {
      "Program:exit"() {
        for (const specifier of relativeSpecifiers(sourceCode.text)) {
          const imported = resolveSpecifier(file, specifier.fileName);
          if (imported === undefined || imported === file) continue;
          const chain = chainBack(imported, file);
          if (chain === undefined) continue;
          const names = [file, ...chain, file].map((step) => path.relative(path.dirname(file), step) || ".");
          context.report({
            loc: {
              start: sourceCode.getLocFromIndex(specifier.pos),
              end: sourceCode.getLocFromIndex(specifier.end),
            },
            messageId: "cycle",
            data: { chain: names.join(" -> ") },
          });
        }
      },
    };
  },
};

/** The plugin that carries the rule, as `local/no-import-cycle`. */
export default { rules: { "no-import-cycle": noImportCycle } };
