/**
 * ClickPipes: the state records the pipe's own id and the import names its service too; listed from the services in
 * scope by `export`, and by `orphans` as an interrupted run can leave one.
 */
import { stateRefusedIn } from "../../rest";
import { serviceAndEndpoint } from "../adoption/importIds";
import { optionalText, type ExistingObject } from "../adoption/existingObjects";
import { textAttribute } from "../adoption/terraformOrigins";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => {
    const [serviceId, clickPipeId] = serviceAndEndpoint(definition.kind, id, "uuid", "clickPipeId");
    return { id: clickPipeId, properties: { serviceId } };
  },
  existing: {
    async list(scope) {
      const objects: ExistingObject[] = [];
      for (const serviceId of scope.serviceIds) {
        try {
          for (const pipe of await scope.management.clickPipes.list(scope.organizationId, serviceId)) {
            objects.push({
              id: pipe.id,
              importId: `${serviceId}/${pipe.id}`,
              label: optionalText(pipe.name) ?? "",
              state: optionalText(pipe.state),
              serviceId,
            });
          }
        } catch (error) {
          // A stopped service is never started to list its pipes (it was stopped on purpose).
          const state = stateRefusedIn(error);
          if (state === undefined) throw error;
          scope.notListed(`ClickPipes of service ${serviceId}: the service is ${state}`);
        }
      }
      return objects;
    },
    async deleteOrphan(scope, object) {
      await scope.management.clickPipes.delete(scope.organizationId, object.serviceId!, object.id);
    },
  },
  terraform: {
    imports: [
      {
        type: "clickhouse_clickpipe",
        source: "docs/resources/clickpipe.md",
        rule: "`<service_id>/<id>` (Terraform imports it as `<service_id>:<id>`)",
        objects: (attributes) => {
          const id = textAttribute(attributes, "id");
          return [{ importId: `${textAttribute(attributes, "service_id")}/${id}`, covers: id }];
        },
      },
    ],
  },
});
