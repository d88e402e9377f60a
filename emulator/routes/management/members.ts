/**
 * The organization's members: list (`.../members`), get, PATCH and DELETE (`.../members/{userId}`), as ClickHouse
 * Cloud's OpenAPI has them, the same on both wires. Members join by accepting an invitation, which the API does not
 * do (the emulator's control path does). The rules are model/members.ts's; a DELETE answers `{status, requestId}`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { accessOf, unknownRoleProblems } from "../../model/roleAssignments";
import { findMember, patchMember, removeMember, type MemberPatch } from "../../model/members";
import type { OrganizationParams } from "./common";
import { envelope, organizationPath } from "./common";
import { memberView } from "./accessViews";
import { validBody } from "../validBody";

interface MemberParams extends OrganizationParams {
  userId: string;
}

const membersPath = `${organizationPath}/members`;
const memberPath = `${membersPath}/:userId`;

export function memberRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const state = () => context.store.state;

  scope.get<{ Params: OrganizationParams }>(membersPath, async (request) =>
    envelope(
      request,
      accessOf(state()).members.map((member) => memberView(state(), member)),
    ),
  );

  scope.get<{ Params: MemberParams }>(memberPath, async (request) =>
    envelope(request, memberView(state(), findMember(state(), request.params.userId))),
  );

  scope.patch<{ Params: MemberParams }>(memberPath, async (request) => {
    const member = findMember(state(), request.params.userId);
    const patch = validBody<MemberPatch>("memberPatch", request.body);
    const problems = unknownRoleProblems(state(), patch.assignedRoleIds ?? [], "assignedRoleIds");
    if (problems.length > 0) throw ApiError.invalid(problems);
    patchMember(state(), member, patch, context.now());
    context.store.changed();
    return envelope(request, memberView(state(), member));
  });

  scope.delete<{ Params: MemberParams }>(memberPath, async (request) => {
    removeMember(state(), findMember(state(), request.params.userId), context.now());
    context.store.changed();
    return { status: 200, requestId: request.id };
  });
}
