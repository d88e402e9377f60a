/**
 * Check, Diff, Create, Read, Update and Delete of the plugin: each request's property bags are handed to the kind's
 * provider (the one the dynamic providers serve too), and each answer leaves as the engine's protobuf messages.
 */
import {
  CheckFailure,
  CheckResponse,
  CreateResponse,
  DiffResponse,
  ReadResponse,
  UpdateResponse,
  type CheckRequest,
  type CreateRequest,
  type DeleteRequest,
  type DiffRequest,
  type ReadRequest,
  type UpdateRequest,
} from "@pulumi/pulumi/proto/provider_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { ServedKind } from "../host/kindProvider";
import { withoutProviderKey } from "../propertyEncoding";
import type { ImportIdReader } from "../resources/adoption/importIds";
import type { ReadPurpose } from "../resources/operations";
import { bagOf, structOf, type PropertyBag } from "./wire";

/** What the plugin asks of a kind's provider. */
export type KindService = Pick<ServedKind, "check" | "diff" | "create" | "read" | "update" | "delete">;
/**
 * A bag the engine sends, for the kind's provider. A resource the dynamic classes made and an alias moved to a
 * native type arrives with its state as the dynamic front end wrote it, serialized provider included.
 */
function received(struct: Struct | undefined): PropertyBag {
  return withoutProviderKey(bagOf(struct));
}

/** One resource kind as the plugin serves it. */
export interface NativeResource {
  /** The type token, e.g. `clickhouse-cloud:index:ApiKey`. */
  readonly token: string;
  readonly provider: KindService;
  /**
   * The properties a read needs besides the id, for a read that has none (`pulumi import`): derived from the id
   * the user gave. Kinds whose read needs nothing but the id leave it out.
   */
  readonly importProperties?: ImportIdReader;
}

export class ResourceOperations {
  constructor(private readonly resource: NativeResource) {}

  private get provider(): KindService {
    return this.resource.provider;
  }

  async check(request: CheckRequest): Promise<CheckResponse> {
    const result = await this.provider.check(received(request.getNews()), received(request.getOlds()));
    const response = new CheckResponse();
    response.setInputs(structOf(result.inputs));
    response.setFailuresList(
      result.failures.map((failure) => {
        const checkFailure = new CheckFailure();
        checkFailure.setProperty(failure.property);
        checkFailure.setReason(failure.reason);
        return checkFailure;
      }),
    );
    return response;
  }

  async diff(request: DiffRequest): Promise<DiffResponse> {
    const verdict = await this.provider.diff(
      received(request.getOlds()),
      received(request.getNews()),
      request.getId() || undefined,
    );
    const response = new DiffResponse();
    response.setChanges(
      verdict.changes ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE,
    );
    response.setReplacesList([...verdict.replaces]);
    response.setDeletebeforereplace(verdict.deleteBeforeReplace === true);
    return response;
  }

  async create(request: CreateRequest): Promise<CreateResponse> {
    const news = received(request.getProperties());
    const response = new CreateResponse();
    if (request.getPreview()) {
      // Not reached while Configure answers supportsPreview false; answered as the engine would on its own.
      response.setProperties(structOf(news));
      return response;
    }
    const made = await this.provider.create(news, { urn: request.getUrn() });
    response.setId(made.id);
    response.setProperties(structOf(made.outs));
    return response;
  }

  async read(request: ReadRequest): Promise<ReadResponse> {
    let id = request.getId();
    let properties = received(request.getProperties());
    // `pulumi import` reads with an id alone.
    const purpose: ReadPurpose = Object.keys(properties).length === 0 ? "import" : "refresh";
    if (purpose === "import" && this.resource.importProperties !== undefined) {
      ({ id, properties } = this.resource.importProperties(id));
    }
    const found = await this.provider.read(id, properties, received(request.getInputs()), purpose);
    const response = new ReadResponse();
    if (found === undefined) return response;
    response.setId(found.id);
    response.setProperties(structOf(found.outs));
    response.setInputs(structOf(found.inputs));
    return response;
  }

  async update(request: UpdateRequest): Promise<UpdateResponse> {
    const news = received(request.getNews());
    const response = new UpdateResponse();
    if (request.getPreview()) {
      response.setProperties(structOf(news));
      return response;
    }
    response.setProperties(
      structOf(await this.provider.update(request.getId(), received(request.getOlds()), news)),
    );
    return response;
  }

  async delete(request: DeleteRequest): Promise<void> {
    await this.provider.delete(request.getId(), received(request.getProperties()));
  }
}
