/**
 * The observability API's sources (HyperDX's routers/external-api/v2/sources.ts and common-utils' SourceSchema):
 * the body's rules by kind, the connection it must name, and the source as shown (as it was sent, with its id and
 * the one default SourceSchema fills in).
 */
import { schemas } from "../../schemas";
import type { EmulatorState, SourceRecord } from "../state/types";
import { objectIdOf } from "./alerts";
import { readBody } from "./objectBodies";
import type { Problem } from "./problems";

/** The API reads `connection` as any non-empty string first, then refuses one that is no connection's id. */
const sourceSchema = {
  ...schemas.sourceCreate,
  properties: { ...schemas.sourceCreate.properties, connection: { type: "string", minLength: 1 } },
};

export function parseSourceBody(body: unknown): { problems: Problem[] } | { body: Record<string, unknown> } {
  const { problems, kept } = readBody(sourceSchema, body, /^$/);
  return problems.length > 0 ? { problems } : { body: kept };
}

/** The API's refusal of the body's connection (a 400), or undefined when the team has it. */
export function connectionProblem(state: EmulatorState, connection: unknown): string | undefined {
  const id = objectIdOf(connection);
  if (id === undefined) return "connection must be a valid connection id";
  const known = (state.connections ?? []).some((candidate) => candidate.id === id);
  return known ? undefined : "connection must be an existing connection id";
}

/** What SourceSchema fills in for a trace source that leaves it out (common-utils' types.ts, `.default(3)`). */
const TRACE_DURATION_PRECISION = 3;

export function sourceView(source: SourceRecord): Record<string, unknown> {
  if (source.kind === "trace" && source.durationPrecision === undefined) {
    return { ...source, durationPrecision: TRACE_DURATION_PRECISION };
  }
  return { ...source };
}
