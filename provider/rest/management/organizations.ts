import type { HttpCore } from "../transport/http";
import type { Organization, OrganizationPatchRequest } from "./models";
import { organizationPath } from "./paths";

/**
 * The organization: its name, its crash reports setting, and `privateEndpoints`, every private endpoint registered
 * with it. A PATCH changes any of them.
 */
export class OrganizationsApi {
  constructor(private readonly http: HttpCore) {}

  get(organizationId: string): Promise<Organization> {
    return this.http.fetchResult({
      method: "GET",
      path: organizationPath(organizationId),
      subject: `organization ${organizationId}`,
      responseSchema: "organization",
      expectedId: organizationId,
    });
  }

  update(organizationId: string, request: OrganizationPatchRequest): Promise<Organization> {
    return this.http.fetchResult({
      method: "PATCH",
      path: organizationPath(organizationId),
      subject: `organization ${organizationId}`,
      body: request,
      requestSchema: "organizationPatch",
      responseSchema: "organization",
      expectedId: organizationId,
    });
  }
}
