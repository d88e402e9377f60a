/**
 * Invitations to the organization: list and create (`.../invitations`), get and DELETE
 * (`.../invitations/{invitationId}`), as ClickHouse Cloud's OpenAPI has them, the same on both wires. The rules are
 * model/invitations.ts's; a DELETE answers `{status, requestId}` without `result`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { accessOf } from "../../model/roleAssignments";
import {
  createInvitation,
  deleteInvitation,
  findInvitation,
  invitationProblems,
  type InvitationCreate,
} from "../../model/invitations";
import { secureBytes } from "../../state/random";
import type { OrganizationParams } from "./common";
import { envelope, organizationPath } from "./common";
import { invitationView } from "./accessViews";
import { validBody } from "../validBody";

interface InvitationParams extends OrganizationParams {
  invitationId: string;
}

const invitationsPath = `${organizationPath}/invitations`;
const invitationPath = `${invitationsPath}/:invitationId`;

export function invitationRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  const state = () => context.store.state;

  scope.get<{ Params: OrganizationParams }>(invitationsPath, async (request) =>
    envelope(
      request,
      accessOf(state()).invitations.map((invitation) => invitationView(state(), invitation)),
    ),
  );

  scope.post<{ Params: OrganizationParams }>(invitationsPath, async (request) => {
    const body = validBody<InvitationCreate>("invitationCreate", request.body);
    const problems = invitationProblems(state(), body);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const invitation = createInvitation(state(), body, secureBytes, context.now());
    context.store.changed();
    return envelope(request, invitationView(state(), invitation));
  });

  scope.get<{ Params: InvitationParams }>(invitationPath, async (request) =>
    envelope(request, invitationView(state(), findInvitation(state(), request.params.invitationId))),
  );

  scope.delete<{ Params: InvitationParams }>(invitationPath, async (request) => {
    deleteInvitation(state(), findInvitation(state(), request.params.invitationId));
    context.store.changed();
    return { status: 200, requestId: request.id };
  });
}
