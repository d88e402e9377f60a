import type { HttpCore } from "../transport/http";
import type { Member, MemberPatchRequest } from "./models";
import { memberPath, membersPath } from "./paths";

/**
 * The members of an organization (`.../members`), by user id: read them, change the roles one holds, remove one. A
 * user becomes a member by accepting an invitation, outside the API.
 */
export class MembersApi {
  constructor(private readonly http: HttpCore) {}

  list(organizationId: string): Promise<Member[]> {
    return this.http.fetchResult({
      method: "GET",
      path: membersPath(organizationId),
      subject: `the members of organization ${organizationId}`,
      responseSchema: "member",
      many: true,
    });
  }

  get(organizationId: string, userId: string): Promise<Member> {
    return this.http.fetchResult({
      method: "GET",
      path: memberPath(organizationId, userId),
      subject: `member ${userId}`,
      responseSchema: "member",
      expectedId: userId,
      idField: "userId",
    });
  }

  update(organizationId: string, userId: string, request: MemberPatchRequest): Promise<Member> {
    return this.http.fetchResult({
      method: "PATCH",
      path: memberPath(organizationId, userId),
      subject: `member ${userId}`,
      body: request,
      requestSchema: "memberPatch",
      responseSchema: "member",
      expectedId: userId,
      idField: "userId",
    });
  }

  delete(organizationId: string, userId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: memberPath(organizationId, userId),
      subject: `member ${userId}`,
    });
  }
}
