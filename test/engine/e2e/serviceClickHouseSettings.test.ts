/**
 * ServiceClickHouseSettings through the real engine, on both wires and through both front ends (the package's class
 * and the native plugin's type token): a preview refuses an unknown setting and a value that does not fit; up sets the
 * named settings and leaves one set outside; a preview after it shows no change; an update changes a value and resets
 * a name removed; refresh finds no change, then drift made outside, which the next up undoes; destroy resets what the
 * resource managed. The service's settings are checked in the emulator after each step and left as they were found.
 */
import axios, { type AxiosInstance } from "axios";
import { expect } from "chai";
import type { Fixture } from "../../../emulator";
import type { LocalStack } from "../../../scripts/lib/localStack";
import { forEachDialect, sharedEmulator } from "../../support/emulator";
import { frontEnds, oneKindStack, type OneKindStack } from "../../support/kindThroughTheEngine";

const kind = "ServiceClickHouseSettings";

forEachDialect((dialect) => {
  for (const frontEnd of frontEnds) {
    describe(`${kind} through the real engine (${frontEnd} front end, ${dialect} wire)`, function () {
      this.timeout(300_000);
      let fixture: Fixture;
      let stack: LocalStack;
      let api: AxiosInstance;
      let serviceId: string;
      let made: OneKindStack | undefined;

      /** The service's settings as the API lists them, name to value. */
      async function remote(): Promise<Record<string, string>> {
        const listed: { name: string; value: string }[] = (await api.get("")).data.result.settings;
        return Object.fromEntries(listed.map((setting) => [setting.name, setting.value]));
      }

      const withSettings = (settings: Record<string, string>) =>
        stack.stack.setConfig("e2e:inputs", { value: JSON.stringify({ serviceId, settings }) });

      before(async () => {
        fixture = (await sharedEmulator(dialect)).fixture;
        serviceId = fixture.services.secondary;
        api = axios.create({
          baseURL: `${fixture.managementUrl}/v1/organizations/${fixture.organizationId}/services/${serviceId}/clickhouseSettings`,
          auth: { username: fixture.tokenKey, password: fixture.tokenSecret },
        });
        expect(await remote(), "the service starts without settings").to.deep.equal({});
        made = await oneKindStack(kind, frontEnd, dialect);
        stack = made.stack;
      });

      after(async () => {
        await made?.dispose();
        // Other tests share the emulator: the service gets back the settings it had (none).
        for (const name of Object.keys(await remote())) await api.delete(`/${name}`);
      });

      it("a preview refuses an unknown setting and a value that does not fit, naming each", async () => {
        await withSettings({ max_memory_usag: "1", join_use_nulls: "maybe" });
        const failed = await stack.preview().then(
          () => "previewed",
          (error: Error) => error.message,
        );
        expect(failed).to.include('lists no setting "max_memory_usag"');
        expect(failed).to.include('did you mean "max_memory_usage"?');
        expect(failed).to.include(
          'settings["join_use_nulls"] is of type Bool, so its value must be 0, 1, true or false',
        );
        expect(await remote()).to.deep.equal({});
      });

      it("up sets the named settings only, with the API's warning; a preview after it shows no change", async () => {
        await api.patch("", { settings: JSON.stringify({ max_execution_time: "60" }) });
        await withSettings({ compatibility: "24.8", join_use_nulls: "1" });
        const outputs = (await stack.up()).subject?.value as Record<string, unknown>;
        expect(outputs).to.deep.include({
          serviceId,
          settings: { compatibility: "24.8", join_use_nulls: "1" },
        });
        expect(stack.logs.at(-1)?.stdout).to.match(/warning: ClickHouse setting compatibility of service/);
        expect(await remote()).to.deep.equal({
          max_execution_time: "60",
          compatibility: "24.8",
          join_use_nulls: "1",
        });
        expect(await stack.preview()).to.deep.equal({ same: 2 });
      });

      it("an update changes a value and resets a name removed, in place; refresh and preview find no change", async () => {
        await withSettings({ join_use_nulls: "0", max_memory_usage: "10000000000" });
        expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
        const outputs = (await stack.up()).subject?.value as Record<string, unknown>;
        expect(outputs.settings).to.deep.equal({ join_use_nulls: "0", max_memory_usage: "10000000000" });
        expect(await remote()).to.deep.equal({
          max_execution_time: "60",
          join_use_nulls: "0",
          max_memory_usage: "10000000000",
        });
        expect(await stack.refresh()).to.deep.equal({ same: 2 });
        expect(await stack.preview()).to.deep.equal({ same: 2 });
      });

      it("refresh reports a managed setting changed outside, and up sets it again", async () => {
        await api.patch("", { settings: JSON.stringify({ join_use_nulls: "1", max_execution_time: "90" }) });
        expect(await stack.refresh()).to.deep.equal({ same: 1, update: 1 });
        const [refreshed] = (await stack.resources()).filter((resource) => resource.type.endsWith(kind));
        expect(refreshed.outputs?.settings).to.deep.equal({
          join_use_nulls: "1",
          max_memory_usage: "10000000000",
        });
        expect(await stack.preview()).to.deep.equal({ same: 1, update: 1 });
        await stack.up();
        expect(await remote()).to.deep.equal({
          max_execution_time: "90",
          join_use_nulls: "0",
          max_memory_usage: "10000000000",
        });
      });

      it("destroy resets the managed settings and leaves the one set outside", async () => {
        await stack.destroy();
        expect(await remote()).to.deep.equal({ max_execution_time: "90" });
      });
    });
  }
});
