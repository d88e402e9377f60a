/**
 * Check, Diff, Create, Read, Update and Delete of the plugin: each request is handed, as its raw property bags,
 * to the same per-kind implementation the dynamic providers run, and each answer leaves with its secrets marked.
 */
import type * as pulumi from "@pulumi/pulumi";
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
import { secretInputs, secretKeysIn, secretOutputs, type SecrecyRules } from "./secrecy";
import { bagOf, markSecret, structOf, type PropertyBag } from "./wire";

/** One resource kind as the plugin serves it. */
export interface NativeResource {
  /** The type token, e.g. `clickhouse-cloud:index:ApiKey`. */
  readonly token: string;
  readonly rules: SecrecyRules;
  readonly implementation: Required<pulumi.dynamic.ResourceProvider>;
  /**
   * The properties a read needs besides the id, for a read that has none (`pulumi import`): derived from the id
   * the user gave. Kinds whose read needs nothing but the id leave it out.
   */
  readonly importProperties?: (id: string) => { id: string; properties: PropertyBag };
}

export class ResourceOperations {
  constructor(private readonly resource: NativeResource) {}

  private get implementation(): Required<pulumi.dynamic.ResourceProvider> {
    return this.resource.implementation;
  }

  /** Marks the outputs of an operation whose inputs were `inputs`, given what arrived secret. */
  markOutputs(outputs: PropertyBag, inputs: PropertyBag, ...arrived: PropertyBag[]): PropertyBag {
    return markSecret(outputs, secretOutputs(this.resource.rules, inputs, secretKeysIn(inputs, ...arrived)));
  }

  async check(request: CheckRequest): Promise<CheckResponse> {
    const olds = bagOf(request.getOlds());
    const news = bagOf(request.getNews());
    const result = await this.implementation.check(olds, news);
    const inputs = (result.inputs ?? news) as PropertyBag;
    const response = new CheckResponse();
    response.setInputs(
      structOf(markSecret(inputs, secretInputs(this.resource.rules, secretKeysIn(news, inputs)))),
    );
    response.setFailuresList(
      (result.failures ?? []).map((failure) => {
        const checkFailure = new CheckFailure();
        checkFailure.setProperty(failure.property);
        checkFailure.setReason(failure.reason);
        return checkFailure;
      }),
    );
    return response;
  }

  async diff(request: DiffRequest): Promise<DiffResponse> {
    const result = await this.implementation.diff(
      request.getId(),
      bagOf(request.getOlds()),
      bagOf(request.getNews()),
    );
    const response = new DiffResponse();
    response.setChanges(
      result.changes === true
        ? DiffResponse.DiffChanges.DIFF_SOME
        : result.changes === false
          ? DiffResponse.DiffChanges.DIFF_NONE
          : DiffResponse.DiffChanges.DIFF_UNKNOWN,
    );
    response.setReplacesList(result.replaces ?? []);
    response.setStablesList(result.stables ?? []);
    response.setDeletebeforereplace(result.deleteBeforeReplace ?? false);
    return response;
  }

  async create(request: CreateRequest): Promise<CreateResponse> {
    const news = bagOf(request.getProperties());
    const response = new CreateResponse();
    if (request.getPreview()) {
      // Not reached while Configure answers supportsPreview false; answered as the engine would on its own.
      response.setProperties(structOf(news));
      return response;
    }
    const result = await this.implementation.create(news);
    response.setId(result.id);
    response.setProperties(structOf(this.markOutputs((result.outs ?? {}) as PropertyBag, news)));
    return response;
  }

  async read(request: ReadRequest): Promise<ReadResponse> {
    let id = request.getId();
    let properties = bagOf(request.getProperties());
    const oldInputs = bagOf(request.getInputs());
    if (Object.keys(properties).length === 0 && this.resource.importProperties !== undefined) {
      // `pulumi import` reads with an id alone.
      ({ id, properties } = this.resource.importProperties(id));
    }
    const result = await this.implementation.read(id, properties);
    const response = new ReadResponse();
    if (result.id === undefined || result.id === "") return response;
    const inputs = (result.inputs ?? {}) as PropertyBag;
    const arrived = secretKeysIn(properties, oldInputs);
    response.setId(result.id);
    response.setProperties(
      structOf(
        this.markOutputs(
          (result.props ?? {}) as PropertyBag,
          { ...oldInputs, ...inputs },
          properties,
          oldInputs,
        ),
      ),
    );
    response.setInputs(
      structOf(
        markSecret(inputs, secretInputs(this.resource.rules, new Set([...arrived, ...secretKeysIn(inputs)]))),
      ),
    );
    return response;
  }

  async update(request: UpdateRequest): Promise<UpdateResponse> {
    const olds = bagOf(request.getOlds());
    const news = bagOf(request.getNews());
    const response = new UpdateResponse();
    if (request.getPreview()) {
      response.setProperties(structOf(news));
      return response;
    }
    const result = await this.implementation.update(request.getId(), olds, news);
    response.setProperties(structOf(this.markOutputs((result.outs ?? {}) as PropertyBag, news, olds)));
    return response;
  }

  async delete(request: DeleteRequest): Promise<void> {
    await this.implementation.delete(request.getId(), bagOf(request.getProperties()));
  }
}
