/**
 * A setting of a service that can drift, through the real engine with the package's class on one wire: up sets it,
 * a change made outside Pulumi shows as drift on refresh (in the outputs and the inputs refresh records), the next
 * `up` puts the program's value back, and destroy removes it. What the emulator holds is read over its own API.
 */
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { Fixture } from "../../emulator";
import type { ApiDialect } from "../../schemas/dialects";
import { resources, type ResourceKind } from "../../provider/resources/registry";
import { LocalStack } from "../../scripts/lib/localStack";
import { emulatorStackConfig, sharedEmulator } from "./emulator";
import { testProgram } from "./programs";

type Inputs = Record<string, unknown>;

export interface SettingDrift {
  readonly kind: ResourceKind;
  readonly dialect: ApiDialect;
  /** The path of the setting below the service, e.g. `upgradeWindow`. */
  readonly path: string;
  /** The program's inputs, for the wire's emulator. */
  inputs(fixture: Fixture, api: AxiosInstance): Promise<Inputs>;
  /** Changes the setting outside Pulumi; returns what the resource's outputs must then show. */
  drift(api: AxiosInstance, servicePath: string): Promise<Inputs>;
  /** What the emulator must hold once `up` put the program's value back. */
  restored(inputs: Inputs): Inputs;
}

export function describeSettingDrift(setting: SettingDrift): void {
  const { kind, dialect, path } = setting;
  describe(`${kind} drift through the real engine (dynamic front end, ${dialect} wire)`, function () {
    this.timeout(300_000);
    let stack: LocalStack;
    let api: AxiosInstance;
    let servicePath: string;
    let inputs: Inputs;

    const held = async () => {
      const answer = await api.get(`${servicePath}/${path}`);
      return answer.status === 404 ? undefined : answer.data.result;
    };

    before(async () => {
      const { fixture } = await sharedEmulator(dialect);
      api = axios.create({
        baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}`,
        auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
        validateStatus: () => true,
      });
      inputs = await setting.inputs(fixture, api);
      servicePath = `/services/${String(inputs.serviceId)}`;
      const program = testProgram("e2e", "one-kind");
      stack = await LocalStack.create({
        projectDir: program.projectDir,
        programModule: program.programModule,
        config: {
          ...(await emulatorStackConfig(dialect)),
          "e2e:kind": { value: kind },
          "e2e:frontEnd": { value: "dynamic" },
          "e2e:outputNames": { value: JSON.stringify(Object.keys(resources[kind].definition.outputs)) },
          "e2e:inputs": { value: JSON.stringify(inputs) },
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      // Whatever a failed step left on the shared emulator's service goes, so other tests find it as it was.
      if (servicePath !== undefined) await api.delete(`${servicePath}/${path}`);
    });

    it("refresh shows a change made outside Pulumi, and up puts the program's value back", async () => {
      await stack.up();
      expect(await held()).to.deep.include(setting.restored(inputs));
      const drifted = await setting.drift(api, servicePath);
      expect(await stack.refresh()).to.deep.equal({ same: 1, update: 1 });
      const [refreshed] = (await stack.resources()).filter((resource) => resource.urn.endsWith("::subject"));
      expect(refreshed.outputs).to.deep.include(drifted);
      expect(refreshed.inputs).to.deep.include(drifted);
      expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
      await stack.up();
      expect(await held()).to.deep.include(setting.restored(inputs));
    });

    it("refresh drops the resource once the setting was removed outside Pulumi, and up sets it again", async () => {
      expect((await api.delete(`${servicePath}/${path}`)).status).to.equal(200);
      expect(await stack.refresh()).to.deep.equal({ same: 1, delete: 1 });
      expect(await stack.preview()).to.deep.equal({ same: 1, create: 1 });
      await stack.up();
      expect(await held()).to.deep.include(setting.restored(inputs));
    });

    it("destroy removes the setting", async () => {
      await stack.destroy();
      expect(await held()).to.equal(undefined);
    });
  });
}
