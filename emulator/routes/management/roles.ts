/**
 * The organization's roles: list and create (`.../roles`), get, PATCH and DELETE (`.../roles/{roleId}`), as ClickHouse
 * Cloud's OpenAPI has them, the same on both wires. The rules are model/roles.ts's; a DELETE answers
 * `{status, requestId}` without `result`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { accessOf } from "../../model/roleAssignments";
import {
  createRole,
  deleteRole,
  findRole,
  patchRole,
  roleProblems,
  type RoleCreate,
  type RolePatch,
} from "../../model/roles";
import { secureBytes } from "../../state/random";
import type { OrganizationParams } from "./common";
import { envelope, organizationPath } from "./common";
import { roleView } from "./accessViews";
import { validBody } from "../validBody";

interface RoleParams extends OrganizationParams {
  roleId: string;
}

const rolesPath = `${organizationPath}/roles`;
const rolePath = `${rolesPath}/:roleId`;

export function roleRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const state = () => context.store.state;

  scope.get<{ Params: OrganizationParams }>(rolesPath, async (request) =>
    envelope(
      request,
      accessOf(state()).roles.map((role) => roleView(state(), role)),
    ),
  );

  scope.post<{ Params: OrganizationParams }>(rolesPath, async (request) => {
    const body = validBody<RoleCreate>("roleCreate", request.body);
    const problems = roleProblems(state(), body);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const role = createRole(state(), body, secureBytes, context.now());
    context.store.changed();
    return envelope(request, roleView(state(), role));
  });

  scope.get<{ Params: RoleParams }>(rolePath, async (request) =>
    envelope(request, roleView(state(), findRole(state(), request.params.roleId))),
  );

  scope.patch<{ Params: RoleParams }>(rolePath, async (request) => {
    const role = findRole(state(), request.params.roleId);
    const patch = validBody<RolePatch>("rolePatch", request.body);
    const problems = roleProblems(state(), patch, role);
    if (problems.length > 0) throw ApiError.invalid(problems);
    patchRole(state(), role, patch, secureBytes, context.now());
    context.store.changed();
    return envelope(request, roleView(state(), role));
  });

  scope.delete<{ Params: RoleParams }>(rolePath, async (request) => {
    deleteRole(state(), findRole(state(), request.params.roleId));
    context.store.changed();
    return { status: 200, requestId: request.id };
  });
}
