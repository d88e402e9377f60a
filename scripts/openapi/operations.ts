/**
 * Finds the operation of a request: its method and the path template its path fills in. Where a literal segment and
 * a parameter both fit (`.../clickpipes/schemaDiscovery` and `.../clickpipes/{clickPipeId}`), the literal wins, as in
 * the routers that serve such APIs.
 */
import type { HttpMethod, OpenApiDocument, OperationObject } from "./document";
import { httpMethods, pointerToken } from "./document";

export interface FoundOperation {
  method: HttpMethod;
  /** The path template as the document spells it. */
  template: string;
  operation: OperationObject;
  /** JSON pointer of the operation in the document. */
  pointer: string;
}

type Segment = { literal: string } | { parameter: string };

interface Template {
  text: string;
  segments: Segment[];
}

function segmentsOf(template: string): Segment[] {
  return template
    .split("/")
    .slice(1)
    .map((part) => {
      const parameter = /^\{(.+)\}$/.exec(part);
      return parameter ? { parameter: parameter[1] } : { literal: part };
    });
}

function decodedSegments(path: string): string[] {
  return path
    .split("/")
    .slice(1)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
}

/** How a template fits a path's segments: undefined when it does not, else which segments are literal. */
function fit(template: Template, segments: string[]): boolean[] | undefined {
  if (template.segments.length !== segments.length) return undefined;
  const literal: boolean[] = [];
  for (const [index, segment] of template.segments.entries()) {
    if ("literal" in segment) {
      if (segment.literal !== segments[index]) return undefined;
      literal.push(true);
    } else {
      if (segments[index] === "") return undefined;
      literal.push(false);
    }
  }
  return literal;
}

/** True when `a` is the better fit: at the first segment where they differ, `a` has the literal. */
function literalFirst(a: boolean[], b: boolean[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    if (a[index] !== b[index]) return a[index];
  }
  return false;
}

export class OperationIndex {
  private readonly templates: Template[];

  constructor(private readonly document: OpenApiDocument) {
    this.templates = Object.keys(document.paths).map((text) => ({ text, segments: segmentsOf(text) }));
  }

  /**
   * The operation a request addresses (path without its query string), or undefined when the document has none: no
   * template fits the path, or the best fitting one does not define the method.
   */
  find(method: string, path: string): FoundOperation | undefined {
    const verb = method.toLowerCase();
    const template = this.templateOf(path);
    if (template === undefined || !(httpMethods as readonly string[]).includes(verb)) return undefined;
    const operation = this.document.paths[template][verb as HttpMethod];
    if (operation === undefined) return undefined;
    return {
      method: verb as HttpMethod,
      template,
      operation,
      pointer: `#/paths/${pointerToken(template)}/${verb}`,
    };
  }

  /** The template that fits a path best, whatever methods it defines. */
  templateOf(path: string): string | undefined {
    const segments = decodedSegments(path);
    let best: { template: Template; literal: boolean[] } | undefined;
    for (const template of this.templates) {
      const literal = fit(template, segments);
      if (literal === undefined) continue;
      if (best === undefined || literalFirst(literal, best.literal)) best = { template, literal };
    }
    return best?.template.text;
  }
}
