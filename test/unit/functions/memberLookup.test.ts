import * as pulumi from "@pulumi/pulumi";
import { expect } from "chai";
import { getMembers, getMembersOutput } from "../../../provider";
import { RequestValidationError } from "../../../provider/validation/validate";
import { failureOf } from "../../support/failureOf";
import { forEachDialect, useEmulator } from "../../support/emulator";
import { managementClientFor } from "../../support/clients";
import { emulatorConfigureRequest } from "../../support/providerConfig";
import { providerOf } from "../../support/providers";
import { configureRequestFrom, stackConfigFor } from "../../support/stackConfig";

forEachDialect((dialect) => {
  describe(`getMembers on the ${dialect} wire`, function () {
    this.timeout(60_000);
    const use = useEmulator({ dialect });
    const memberKind = providerOf("Member");
    let savedConfig: Record<string, string>;
    const sent = async () => (await use.emulator.control.requests()).map((entry) => entry.route);

    beforeEach(() => {
      // The function reads the stack config from the Pulumi SDK's process-wide store, as in a program.
      savedConfig = pulumi.runtime.allConfig();
      const config = stackConfigFor(use.emulator);
      pulumi.runtime.setAllConfig(
        Object.fromEntries(Object.entries(config).map(([key, entry]) => [key, entry.value])),
      );
    });
    afterEach(() => pulumi.runtime.setAllConfig(savedConfig));
    after(async () => {
      // Every other test file expects the process's provider context pointed at the shared emulator.
      await memberKind.configure(await emulatorConfigureRequest());
    });

    it("answers every member, with the roles each holds, as the API lists them", async () => {
      const { fixture } = use.emulator;
      const client = managementClientFor(fixture, { throttle: "off" });
      const billing = fixture.roles.find((role) => role.name === "Billing")!.id;
      const invitation = await client.invitations.create(fixture.organizationId, {
        email: "Joiner@Example.com",
        assignedRoleIds: [billing],
      });
      const joiner = await use.emulator.control.acceptInvitation(invitation.id, "Joiner");
      const found = await getMembers();
      expect(found.organizationId).to.equal(fixture.organizationId);
      expect(found.members.map((member) => member.userId)).to.deep.equal([
        fixture.members.admin,
        fixture.members.developer,
        joiner,
      ]);
      const admin = fixture.roles.find((role) => role.name === "Admin")!.id;
      expect(found.members[0]).to.deep.equal({
        userId: fixture.members.admin,
        name: "Emulator Admin",
        email: "admin@example.com",
        role: "admin",
        assignedRoles: [{ roleId: admin, roleName: "Admin", roleType: "system" }],
        joinedAt: (await client.members.get(fixture.organizationId, fixture.members.admin)).joinedAt,
      });
      expect(found.members[2]).to.include({ name: "Joiner", email: "joiner@example.com", role: "developer" });
      expect(found.members[2].assignedRoles).to.deep.equal([
        { roleId: billing, roleName: "Billing", roleType: "system" },
      ]);
      // What a Member resource's read shows of the same member.
      await memberKind.configure(configureRequestFrom(stackConfigFor(use.emulator)));
      const read = (await memberKind.read(joiner, { organizationId: fixture.organizationId })).props!;
      for (const field of ["userId", "name", "email", "role", "assignedRoles", "joinedAt"] as const) {
        expect(found.members[2][field], field).to.deep.equal(read[field]);
      }
    });

    it("getMembersOutput resolves its Inputs and answers what getMembers answers", async () => {
      const output = getMembersOutput({ organizationId: pulumi.output(use.emulator.fixture.organizationId) });
      expect(await valueOf(output)).to.deep.equal(await getMembers());
    });

    it("refuses an organization id that is not a uuid before any request, naming the field and the rule", async () => {
      const error = await failureOf(() => getMembers({ organizationId: "acme" }));
      expect(error).to.be.instanceOf(RequestValidationError);
      expect(error.message).to.match(
        /^the getMembers arguments is invalid: organizationId: organizationId must be a uuid .*; got "acme"$/,
      );
      expect(await sent()).to.deep.equal([]);
    });
  });
});

/** The value of an Output, or the error its apply threw. `promise()` is the SDK's own accessor. */
function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return (output as unknown as { promise(): Promise<T> }).promise();
}
