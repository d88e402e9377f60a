import type { HttpCore } from "../transport/http";
import type { Invitation, InvitationCreateRequest } from "./models";
import { invitationPath, invitationsPath } from "./paths";

/**
 * Invitations to an organization (`.../invitations`): create one for an address with the roles its user will hold,
 * read them, withdraw one. An invitation cannot be changed: a different one replaces it.
 */
export class InvitationsApi {
  constructor(private readonly http: HttpCore) {}

  list(organizationId: string): Promise<Invitation[]> {
    return this.http.fetchResult({
      method: "GET",
      path: invitationsPath(organizationId),
      subject: `the invitations of organization ${organizationId}`,
      responseSchema: "invitation",
      many: true,
    });
  }

  get(organizationId: string, invitationId: string): Promise<Invitation> {
    return this.http.fetchResult({
      method: "GET",
      path: invitationPath(organizationId, invitationId),
      subject: `invitation ${invitationId}`,
      responseSchema: "invitation",
      expectedId: invitationId,
    });
  }

  create(organizationId: string, request: InvitationCreateRequest): Promise<Invitation> {
    return this.http.fetchResult({
      method: "POST",
      path: invitationsPath(organizationId),
      subject: `an invitation of ${request.email} to organization ${organizationId}`,
      body: request,
      requestSchema: "invitationCreate",
      responseSchema: "invitation",
    });
  }

  delete(organizationId: string, invitationId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: invitationPath(organizationId, invitationId),
      subject: `invitation ${invitationId}`,
    });
  }
}
