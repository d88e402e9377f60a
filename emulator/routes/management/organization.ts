/**
 * The organization: GET shows its name, its crash reports setting and the private endpoints registered with it;
 * PATCH changes them (model/organization.ts). Both wires serve the PATCH as ClickHouse Cloud's OpenAPI does.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import {
  organizationPatchProblems,
  patchOrganization,
  type OrganizationPatch,
} from "../../model/organization";
import type { EmulatorState } from "../../state/types";
import type { OrganizationParams } from "./common";
import { envelope, organizationPath } from "./common";
import { validBody } from "../validBody";

function organizationView(state: EmulatorState) {
  const organization = state.organization;
  return {
    id: organization.id,
    name: organization.name,
    createdAt: organization.createdAt,
    privateEndpoints: organization.privateEndpoints.map((endpoint) => ({ ...endpoint })),
    enableCoreDumps: organization.enableCoreDumps ?? true,
  };
}

export function organizationRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  scope.get<{ Params: OrganizationParams }>(organizationPath, async (request) =>
    envelope(request, organizationView(context.store.state)),
  );

  scope.patch<{ Params: OrganizationParams }>(organizationPath, async (request) => {
    const patch = validBody<OrganizationPatch>("organizationPatch", request.body);
    const problems = organizationPatchProblems(patch);
    if (problems.length > 0) throw ApiError.invalid(problems);
    patchOrganization(context.store.state, patch);
    context.store.changed();
    return envelope(request, organizationView(context.store.state));
  });
}
