/** Replica scaling: the settings of a service, one resource per service, imported and named by the service. */
import { idOfForm } from "../adoption/importIds";
import { kindEntry } from "../kindEntry";
import { definition } from "./definition";
import { operations } from "./operations";
import { horizontalModeInputs } from "./rules";

/**
 * Every setting of both wires' body becomes managed on import: the imported inputs then hold the service's values,
 * and a program that sets fewer leaves the others alone. The horizontal mode's band is left unmanaged: it excludes
 * numReplicas, and the specification's wire has none.
 */
const importedSettings = Object.keys(definition.inputs).filter(
  (name) =>
    !definition.inputs[name].outsideBody && !(horizontalModeInputs as readonly string[]).includes(name),
);

export const entry = kindEntry({
  definition,
  operations,
  importId: (id) => ({
    id: idOfForm(definition.kind, id, "uuid"),
    properties: { managedFields: importedSettings },
  }),
  existing: {
    // Every service has scaling settings.
    async list(scope) {
      return (await scope.services()).map((service) => ({
        id: service.id,
        importId: service.id,
        label: `${service.name ?? service.id} scaling`,
      }));
    },
  },
  // The scaling settings are attributes of clickhouse_service in Terraform, taken over with the Service.
  terraform: { imports: [] },
});
