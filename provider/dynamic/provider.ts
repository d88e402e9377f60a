/**
 * A dynamic provider made from a resource definition and its operations: check and diff follow the definition,
 * the operations send the requests, and a read reports the inputs the outputs stand for.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceDefinition, ResourceOperations } from "../resources/definition";
import { providerContext } from "../resources/context";
import { checkInputs, engineFailures } from "../resources/support/check";
import { diffInputs } from "../resources/support/diff";
import { pick } from "../resources/support/properties";
import { checkSpecOf, diffSpecOf, inputNames } from "../resources/support/derive";
import { warnOfIncompleteSettings } from "../resources/support/settingsWarning";

export function dynamicProvider(
  definition: ResourceDefinition,
  operations: ResourceOperations,
): Required<pulumi.dynamic.ResourceProvider> {
  const checkSpec = checkSpecOf(definition);
  const diffSpec = diffSpecOf(definition);
  const inputsOf = operations.inputsFromOutputs ?? ((outs) => pick(outs, inputNames(definition)));
  return {
    async configure(request) {
      providerContext.configure(request);
    },
    async check(_olds, news) {
      // The wire's own rules need the wire: read from the stack config, as every operation reads it.
      const dialect =
        definition.dialectRules === undefined ? "spec" : providerContext.dialect(definition.module);
      const checked = checkInputs(checkSpec, news, dialect);
      warnOfIncompleteSettings(definition, news.organizationId);
      return { inputs: checked.inputs, failures: engineFailures(checked.failures ?? []) };
    },
    async diff(_id, olds, news) {
      const compared = operations.comparable?.(olds, news) ?? { olds, news };
      const verdict = diffInputs(diffSpec, compared.olds, compared.news);
      const refined = operations.refineDiff?.(verdict, olds, news) ?? verdict;
      return { changes: refined.changes, replaces: [...refined.replaces] };
    },
    create: (news) => operations.create(news),
    async read(id, props) {
      const found = await operations.read(id, props);
      // A read of a deleted object reports no inputs: the engine then drops the resource from state.
      return found.id === "" ? found : { ...found, inputs: inputsOf(found.props) };
    },
    update: (id, olds, news) => operations.update(id, olds, news),
    delete: (id, props) => operations.delete(id, props),
  };
}
