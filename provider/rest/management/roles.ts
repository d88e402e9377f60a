import type { HttpCore } from "../transport/http";
import type { Role, RoleCreateRequest, RolePatchRequest } from "./models";
import { rolePath, rolesPath } from "./paths";

/**
 * The roles of an organization (`.../roles`): the system roles it comes with and the custom roles made here. A
 * PATCH replaces the actors or policies it sends; a system role takes actors only.
 */
export class RolesApi {
  constructor(private readonly http: HttpCore) {}

  list(organizationId: string): Promise<Role[]> {
    return this.http.fetchResult({
      method: "GET",
      path: rolesPath(organizationId),
      subject: `the roles of organization ${organizationId}`,
      responseSchema: "role",
      many: true,
    });
  }

  get(organizationId: string, roleId: string): Promise<Role> {
    return this.http.fetchResult({
      method: "GET",
      path: rolePath(organizationId, roleId),
      subject: `role ${roleId}`,
      responseSchema: "role",
      expectedId: roleId,
    });
  }

  create(organizationId: string, request: RoleCreateRequest): Promise<Role> {
    return this.http.fetchResult({
      method: "POST",
      path: rolesPath(organizationId),
      subject: `a new role "${request.name}" of organization ${organizationId}`,
      body: request,
      requestSchema: "roleCreate",
      responseSchema: "role",
    });
  }

  update(organizationId: string, roleId: string, request: RolePatchRequest): Promise<Role> {
    return this.http.fetchResult({
      method: "PATCH",
      path: rolePath(organizationId, roleId),
      subject: `role ${roleId}`,
      body: request,
      requestSchema: "rolePatch",
      responseSchema: "role",
      expectedId: roleId,
    });
  }

  delete(organizationId: string, roleId: string): Promise<void> {
    return this.http.send({
      method: "DELETE",
      path: rolePath(organizationId, roleId),
      subject: `role ${roleId}`,
    });
  }
}
