import { expect } from "chai";
import { connect } from "../../../provider/cli/connect";
import { configSource, type StackData } from "../../../provider/cli/stackReader";
import { addTrackedObjects, emptyTracked, trackedIdsOf } from "../../../provider/cli/trackedObjects";
import { UsageError } from "../../../provider/cli/usageError";

const serviceId = "5a1ff2b4-6f0f-4b5b-9d53-0c7e3b3d1a11";
const organizationId = "0e9b1a55-3c1d-4f6a-8f0e-1b2c3d4e5f60";

/** A stack export of a stack whose resources the native plugin serves, trimmed to the fields that matter. */
function nativeExport(): unknown {
  const resource = (kind: string, id: string, inputs: Record<string, unknown> = {}) => ({
    urn: `urn:pulumi:dev::app::clickhouse-cloud:index:${kind}::${kind.toLowerCase()}`,
    custom: true,
    id,
    type: `clickhouse-cloud:index:${kind}`,
    inputs,
    outputs: inputs,
    provider: "urn:pulumi:dev::app::pulumi:providers:clickhouse-cloud::default::4f1c",
  });
  return {
    version: 3,
    deployment: {
      resources: [
        { urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev", type: "pulumi:pulumi:Stack" },
        {
          urn: "urn:pulumi:dev::app::pulumi:providers:clickhouse-cloud::default",
          id: "4f1c",
          type: "pulumi:providers:clickhouse-cloud",
        },
        resource("ApiKey", "b4d5c1a6-8d2e-4d7f-9c1b-2a3e4f5a6b7c"),
        resource("ReversePrivateEndpoint", "rpe-native", { serviceId }),
        resource("Alert", "65a1b2c3d4e5f60718293a4c"),
        resource("PrivateEndpoint", "other-service/vpce-0a1b2c3d4e5f60718", { serviceId: "other-service" }),
      ],
    },
  };
}

function stackWithConfig(config: Record<string, { value: string; secret?: boolean }>): StackData {
  return { name: "dev", exported: nativeExport(), config: configSource(config) };
}

describe("orphans: stacks of the native plugin", () => {
  it("tracks the objects of `clickhouse-cloud:index:<Kind>` resources and the services they refer to", () => {
    const tracked = emptyTracked();
    addTrackedObjects(tracked, nativeExport());
    expect([...trackedIdsOf(tracked, "ApiKey")]).to.deep.equal(["b4d5c1a6-8d2e-4d7f-9c1b-2a3e4f5a6b7c"]);
    expect([...trackedIdsOf(tracked, "ReversePrivateEndpoint")]).to.deep.equal(["rpe-native"]);
    expect([...trackedIdsOf(tracked, "Alert")]).to.deep.equal(["65a1b2c3d4e5f60718293a4c"]);
    expect([...tracked.serviceIds]).to.deep.equal([serviceId, "other-service"]);
  });

  it("reads the settings from the plugin's `clickhouse-cloud` config namespace", () => {
    const access = connect(
      [
        stackWithConfig({
          "clickhouse-cloud:organizationId": { value: organizationId },
          "clickhouse-cloud:tokenKey": { value: "key-id-native" },
          "clickhouse-cloud:tokenSecret": { value: "native-secret", secret: true },
          "clickhouse-cloud:apiUrl": { value: "http://127.0.0.1:9" },
        }),
      ],
      [],
      () => undefined,
    );
    expect(access.organizationId).to.equal(organizationId);
    expect(access.tokenKey).to.equal("key-id-native");
    expect(access.observability, "no observability API is set up").to.equal(undefined);
  });

  it("names the plugin's keys when one is missing", () => {
    const run = () =>
      connect(
        [
          stackWithConfig({
            "clickhouse-cloud:organizationId": { value: organizationId },
            "clickhouse-cloud:tokenKey": { value: "key-id-native" },
          }),
        ],
        [],
        () => undefined,
      );
    expect(run).to.throw(UsageError, "pulumi config set --stack dev --secret clickhouse-cloud:tokenSecret");
    expect(run).to.not.throw(/clickhouse:tokenSecret/);
  });
});
