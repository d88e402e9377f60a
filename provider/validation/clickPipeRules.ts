/**
 * What a ClickPipe's requests must hold across fields, beyond their JSON Schemas: a create names exactly one source
 * family, and an update that sends field mappings sends the destination's columns with them (the real API refuses
 * mappings alone with "Columns are required if field mappings are provided").
 */
import { typedClickPipeSourceFamilies } from "../../schemas/clickPipes";
import type { ValidationProblem } from "./problem";
import { isPlainObject } from "../propertyBags";

export function exactlyOneSourceFamily(source: unknown): ValidationProblem | undefined {
  if (!isPlainObject(source)) return undefined;
  const named = typedClickPipeSourceFamilies.filter((family) => source[family] !== undefined);
  if (named.length === 1) return undefined;
  return {
    property: "source",
    reason:
      `source must name exactly one source: ${typedClickPipeSourceFamilies.join(", ")}` +
      (named.length === 0 ? "; got none" : `; got ${named.join(" and ")}`),
  };
}

export function columnsWithFieldMappings(body: Record<string, unknown>): ValidationProblem | undefined {
  return body.fieldMappings !== undefined && body.destination === undefined
    ? {
        property: "destination",
        reason:
          "destination.columns is required with fieldMappings: the API takes field mappings only with the columns",
      }
    : undefined;
}
