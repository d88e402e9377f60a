/**
 * Where the management API's production wire differs from the specification's, as ClickHouse Cloud's OpenAPI
 * specification shows it: the reverse private endpoints' collection name, and a DELETE answering the envelope
 * without `result`.
 */
import type { FastifyRequest } from "fastify";
import type { ApiDialect } from "../../../schemas/dialects";
import type { EmulatorContext } from "../../server/context";
import { envelope } from "./common";

export const reversePrivateEndpointCollection: Record<ApiDialect, string> = {
  spec: "dataPipesReversePrivateEndpoints",
  production: "clickpipesReversePrivateEndpoints",
};

/** The answer to a DELETE: the deleted object in the envelope (spec), or `{status, requestId}` alone (production). */
export function deletionAnswer(context: EmulatorContext, request: FastifyRequest, deleted: unknown) {
  return context.dialect === "production"
    ? { status: 200, requestId: request.id }
    : envelope(request, deleted);
}
