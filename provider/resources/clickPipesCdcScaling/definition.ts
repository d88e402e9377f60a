/** The ClickPipesCdcScaling resource: the compute of a service's database ClickPipes (Postgres CDC). */
import { organizationIdInput, outputOf, serviceIdInput, stringOutput } from "../fields/sharedFields";
import type { ResourceDefinition } from "../definition";
import type { ValidationProblem } from "../../validation/validate";

/** The API's rule: 4 GiB of memory per CPU core. */
function memoryFollowsCores(inputs: Readonly<Record<string, unknown>>): ValidationProblem[] {
  const { replicaCpuMillicores: cpu, replicaMemoryGb: memory } = inputs;
  if (typeof cpu !== "number" || typeof memory !== "number") return [];
  const expected = (cpu / 1000) * 4;
  return memory === expected
    ? []
    : [
        {
          property: "replicaMemoryGb",
          reason: `replicaMemoryGb must be 4 GiB per core: ${expected} for ${cpu} millicores; got ${memory}`,
        },
      ];
}

export const definition: ResourceDefinition<"clickPipesCdcScalingUpdate"> = {
  kind: "ClickPipesCdcScaling",
  module: "clickhouse",
  description:
    "The compute that a service's database ClickPipes (Postgres CDC) share: CPU in whole cores and 4 GiB of " +
    "memory per core. The API has it once the service has a database pipe, so make this resource depend on one " +
    "(`dependsOn`); until then the create fails saying so. One per service, named by the service: create and " +
    "update send the two values in one PATCH. The API cannot remove it: destroy leaves the compute as it is, " +
    "with a line saying so. While the service is idle the API refuses it: the service is woken first.",
  notes:
    "id is the service id; exists once the service has a database ClickPipe; destroy leaves the compute as it is",
  id: "The service's uuid (`serviceId`): a service has one CDC compute.",
  requestSchema: "clickPipesCdcScalingUpdate",
  inputs: {
    serviceId: serviceIdInput(
      "The service (uuid) whose database pipes this scales. Changing it replaces the resource.",
    ),
    replicaCpuMillicores: {
      description: "CPU in millicores, whole cores from 1000 to 32000 (e.g. 2000). Changes in place.",
      required: true,
      change: "update",
    },
    replicaMemoryGb: {
      description: "Memory in GiB, 4 per core (8 for 2000 millicores), 4 to 128. Changes in place.",
      required: true,
      change: "update",
    },
    organizationId: organizationIdInput,
  },
  outputs: {
    serviceId: stringOutput("The service (uuid): the resource id as well.", { alwaysSet: true }),
    organizationId: stringOutput("The organization (uuid) of the service.", { alwaysSet: true }),
    replicaCpuMillicores: outputOf("number", "CPU in millicores, as the API reports it.", {
      alwaysSet: true,
    }),
    replicaMemoryGb: outputOf("number", "Memory in GiB, as the API reports it.", { alwaysSet: true }),
  },
  rules: [memoryFollowsCores],
};
