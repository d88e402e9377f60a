/**
 * The emulator's APIs called straight with axios and the fixture's real credentials, as an out-of-band actor (a
 * colleague in the console, another tool) would: to look at what exists, to change or delete things behind
 * Pulumi's back, and to send bodies without the provider's checks. Never throws on an HTTP status.
 */
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import { expect } from "chai";
import type { Fixture } from "../../../../emulator";

export interface DirectApi {
  readonly fixture: Fixture;
  /** Basic auth with the fixture's admin key; paths below the management base URL. */
  readonly management: AxiosInstance;
  /** Bearer auth with the fixture's token; paths below the observability base URL. */
  readonly observability: AxiosInstance;
  /** `/v1/organizations/<fixture organization>` */
  readonly orgPath: string;
}

export function directApi(fixture: Fixture): DirectApi {
  return {
    fixture,
    management: axios.create({
      baseURL: fixture.managementUrl,
      auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
      validateStatus: () => true,
    }),
    observability: axios.create({
      baseURL: fixture.observabilityUrl,
      headers: { Authorization: `Bearer ${fixture.observabilityToken}` },
      validateStatus: () => true,
    }),
    orgPath: `/v1/organizations/${fixture.organizationId}`,
  };
}

/** The `result` of a management reply that must have succeeded. */
export function managementResult<T>(response: AxiosResponse): T {
  expect(response.status, JSON.stringify(response.data)).to.equal(200);
  return (response.data as { result: T }).result;
}

/** The `data` of an observability reply that must have succeeded. */
export function observabilityData<T>(response: AxiosResponse): T {
  expect(response.status, JSON.stringify(response.data)).to.equal(200);
  return (response.data as { data: T }).data;
}

export function reversePrivateEndpointsPath(api: DirectApi, serviceId: string): string {
  return `${api.orgPath}/services/${serviceId}/dataPipesReversePrivateEndpoints`;
}

/** Deletes a reverse private endpoint and waits (bounded) until the API no longer knows it. */
export async function deleteReversePrivateEndpoint(
  api: DirectApi,
  serviceId: string,
  id: string,
): Promise<void> {
  const path = `${reversePrivateEndpointsPath(api, serviceId)}/${id}`;
  managementResult(await api.management.delete(path));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await api.management.get(path)).status === 404) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`reverse private endpoint ${id} was still there 30 s after its DELETE`);
}
