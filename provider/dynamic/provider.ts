/**
 * A kind's provider in the dynamic-provider encoding: the engine's calls as `pulumi.dynamic.ResourceProvider`
 * receives them, handed to the kind's provider, plus what only this encoding needs: the stack config arrives with
 * `configure`, every bag carries the serialized provider, which the kind's provider never sees (Pulumi's
 * dynamic-provider process puts it back on every answer but a failure's), and a read that finds nothing reports no
 * inputs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ServedKind } from "../host/kindProvider";
import { providerSession } from "../host/session";
import { PartialCreateError } from "../resources/lifecycle/partialCreate";
import { PROVIDER_KEY, URN_KEY, withoutProviderKey } from "../propertyEncoding";

export function dynamicProvider(provider: ServedKind): Required<pulumi.dynamic.ResourceProvider> {
  return {
    async configure(request) {
      providerSession.configure(request.config);
    },
    async check(olds, news) {
      const checked = await provider.check(withoutProviderKey(news), withoutProviderKey(olds));
      // The engine hands create the inputs check returns: the URN goes back with them.
      const urn = news[URN_KEY];
      return urn === undefined ? checked : { ...checked, inputs: { ...checked.inputs, [URN_KEY]: urn } };
    },
    async diff(id, olds, news) {
      const verdict = provider.diff(withoutProviderKey(olds), withoutProviderKey(news), id);
      return {
        changes: verdict.changes,
        replaces: [...verdict.replaces],
        ...(verdict.deleteBeforeReplace === true ? { deleteBeforeReplace: true } : {}),
      };
    },
    async create(news) {
      try {
        const urn = news[URN_KEY];
        return await provider.create(withoutProviderKey(news), typeof urn === "string" ? { urn } : {});
      } catch (error) {
        // Later operations on the recorded object run through the provider its properties carry.
        if (error instanceof PartialCreateError)
          throw error.withProperties({ ...error.properties, [PROVIDER_KEY]: news[PROVIDER_KEY] });
        throw error;
      }
    },
    async read(id, props) {
      const found = await provider.read(id, withoutProviderKey(props));
      // A read of a deleted object reports no id and no inputs: the engine then drops the resource from state.
      if (found === undefined) return { id: "", props: {} };
      return { id: found.id, props: found.outs, inputs: found.inputs };
    },
    async update(id, olds, news) {
      return { outs: await provider.update(id, withoutProviderKey(olds), withoutProviderKey(news)) };
    },
    delete: (id, props) => provider.delete(id, withoutProviderKey(props)),
  };
}
