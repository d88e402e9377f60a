import type { HttpCore } from "../transport/http";
import type { Organization } from "./models";
import { organizationPath } from "./paths";

/** The organization, whose `privateEndpoints` lists every private endpoint registered with it. */
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
}
