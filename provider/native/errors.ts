/**
 * Errors as the engine reads them from a provider: a gRPC status whose message the CLI shows. An object created
 * remotely whose create then failed travels as "resource initialization failed" with its id and outputs, so the
 * engine keeps it in state instead of losing track of it.
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { ConfigurationError } from "../settings/errors";
import { forPluginDeployment, inPluginWords } from "./configuration";
import { structOf, type PropertyBag } from "./wire";

/** What a partial create throws (its id and outputs so far), found by shape as the dynamic host finds it. */
interface PartialCreate {
  readonly id: string;
  readonly message: string;
  readonly properties?: PropertyBag;
  readonly reasons?: string[];
}

function isPartialCreate(error: unknown): error is PartialCreate {
  return error instanceof Error && typeof (error as Partial<PartialCreate>).id === "string";
}

/** The message in the plugin's terms: the hints of the REST errors (a 401's) name the keys a user sets. */
function messageOf(error: unknown): string {
  if (error instanceof ConfigurationError) return forPluginDeployment(error).message;
  return inPluginWords(error instanceof Error ? error.message : String(error));
}

/** The gRPC error for a failed operation; a partial create's outputs arrive with their secrets marked. */
export function serviceError(error: unknown): Partial<grpc.StatusObject> {
  const message = messageOf(error);
  const metadata = new grpc.Metadata();
  if (isPartialCreate(error) && error.id !== "") {
    const detail = new ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(structOf(error.properties ?? {}));
    detail.setReasonsList(error.reasons ?? [message]);
    const packed = new Any();
    packed.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(packed);
    // The engine reads structured details from this trailer, as gRPC's Go implementation writes them.
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}
