import type {
  ClickPipeCreateSchema,
  ClickPipeSchema,
  ClickPipeSchemaDiscoveryAnswerSchema,
  ClickPipeSchemaDiscoverySchema,
  ClickPipeScalingUpdateSchema,
  ClickPipeSettingsSchema,
  ClickPipeSettingsUpdateSchema,
  ClickPipeStateUpdateSchema,
  ClickPipeUpdateSchema,
  ClickPipesCdcScalingSchema,
  ClickPipesCdcScalingUpdateSchema,
} from "../schemaTypes";
import type { HttpCore } from "../transport/http";
import { PerServiceReads } from "../coalescing/perServiceReads";
import type { IdleServiceWaker } from "./idleServices";
import { clickPipePath, clickPipesCdcScalingPath, clickPipesPath } from "./paths";

/** What the API refuses while the service is not running, for the line that says the service is being woken. */
const refusedWhileIdle = "ClickPipes operations";

/**
 * ClickPipes of a service: a pipe's create, get, read (with the reads that come with it, from one list), list,
 * update, delete, scaling, state command and settings, and the service's database pipes' CDC scaling. The API refuses
 * every one of these while the service is idle; each wakes the service and is sent again. A stopped service is not
 * woken: its 424 reaches the user.
 */
export class ClickPipesApi {
  /** Reads by id, answered together from the service's pipe list when they come close together. */
  private readonly reads: PerServiceReads<ClickPipeSchema>;

  constructor(
    private readonly http: HttpCore,
    private readonly waker: IdleServiceWaker,
  ) {
    this.reads = new PerServiceReads<ClickPipeSchema>({
      get: (organizationId, serviceId, id) => this.get(organizationId, serviceId, id),
      list: (organizationId, serviceId) => this.list(organizationId, serviceId),
      notFound: (organizationId, serviceId, id) =>
        this.http.objectNotFound(
          {
            method: "GET",
            path: clickPipePath(organizationId, serviceId, id),
            subject: this.subject(serviceId, id),
          },
          "not in the service's ClickPipes list",
        ),
      clock: this.http.clock,
    });
  }

  create(
    organizationId: string,
    serviceId: string,
    request: ClickPipeCreateSchema,
  ): Promise<ClickPipeSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "POST",
        path: clickPipesPath(organizationId, serviceId),
        subject: `a new ClickPipe of service ${serviceId}`,
        body: request,
        requestSchema: "clickPipeCreate",
        responseSchema: "clickPipe",
      }),
    );
  }

  /** The pipe as it is now, by its own GET: what a wait on its state polls. */
  get(organizationId: string, serviceId: string, clickPipeId: string): Promise<ClickPipeSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "GET",
        path: clickPipePath(organizationId, serviceId, clickPipeId),
        subject: this.subject(serviceId, clickPipeId),
        responseSchema: "clickPipe",
        expectedId: clickPipeId,
      }),
    );
  }

  /**
   * The pipe, by its own GET or, when other reads of the service's pipes come with it, from the list they share, which
   * may be as old as `DEFAULT_COALESCING.maxAgeMs` when this process has written nothing since: what a refresh reads.
   */
  read(organizationId: string, serviceId: string, clickPipeId: string): Promise<ClickPipeSchema> {
    // The ids are checked before anything is sent, whichever way the pipe is read.
    clickPipePath(organizationId, serviceId, clickPipeId);
    return this.reads.read(organizationId, serviceId, clickPipeId);
  }

  list(organizationId: string, serviceId: string): Promise<ClickPipeSchema[]> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "GET",
        path: clickPipesPath(organizationId, serviceId),
        subject: `the ClickPipes of service ${serviceId}`,
        responseSchema: "clickPipe",
        many: true,
      }),
    );
  }

  update(
    organizationId: string,
    serviceId: string,
    clickPipeId: string,
    request: ClickPipeUpdateSchema,
  ): Promise<ClickPipeSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PATCH",
        path: clickPipePath(organizationId, serviceId, clickPipeId),
        subject: this.subject(serviceId, clickPipeId),
        body: request,
        requestSchema: "clickPipeUpdate",
        responseSchema: "clickPipe",
        expectedId: clickPipeId,
      }),
    );
  }

  scale(
    organizationId: string,
    serviceId: string,
    clickPipeId: string,
    request: ClickPipeScalingUpdateSchema,
  ): Promise<ClickPipeSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PATCH",
        path: `${clickPipePath(organizationId, serviceId, clickPipeId)}/scaling`,
        subject: `the scaling of ${this.subject(serviceId, clickPipeId)}`,
        body: request,
        requestSchema: "clickPipeScalingUpdate",
        responseSchema: "clickPipe",
        expectedId: clickPipeId,
      }),
    );
  }

  /** Sends `start`, `stop` or `resync`; the answer shows the state the pipe moved to. */
  command(
    organizationId: string,
    serviceId: string,
    clickPipeId: string,
    command: ClickPipeStateUpdateSchema["command"],
  ): Promise<ClickPipeSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PATCH",
        path: `${clickPipePath(organizationId, serviceId, clickPipeId)}/state`,
        subject: `${command} of ${this.subject(serviceId, clickPipeId)}`,
        body: { command },
        requestSchema: "clickPipeStateUpdate",
        responseSchema: "clickPipe",
        expectedId: clickPipeId,
      }),
    );
  }

  /** Sets the settings the request names; the others keep their values. */
  putSettings(
    organizationId: string,
    serviceId: string,
    clickPipeId: string,
    settings: ClickPipeSettingsUpdateSchema,
  ): Promise<ClickPipeSettingsSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PUT",
        path: `${clickPipePath(organizationId, serviceId, clickPipeId)}/settings`,
        subject: `the settings of ${this.subject(serviceId, clickPipeId)}`,
        body: settings,
        requestSchema: "clickPipeSettingsUpdate",
        responseSchema: "clickPipeSettings",
      }),
    );
  }

  delete(organizationId: string, serviceId: string, clickPipeId: string): Promise<void> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.send({
        method: "DELETE",
        path: clickPipePath(organizationId, serviceId, clickPipeId),
        subject: this.subject(serviceId, clickPipeId),
      }),
    );
  } /** The fields a Kafka topic's or Kinesis stream's messages have, as the API infers them; no pipe is made. */
  discoverSchema(
    organizationId: string,
    serviceId: string,
    request: ClickPipeSchemaDiscoverySchema,
  ): Promise<ClickPipeSchemaDiscoveryAnswerSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "POST",
        path: `${clickPipesPath(organizationId, serviceId)}/schemaDiscovery`,
        subject: `the schema of a ClickPipe source of service ${serviceId}`,
        body: request,
        requestSchema: "clickPipeSchemaDiscovery",
        responseSchema: "clickPipeSchemaDiscoveryAnswer",
      }),
    );
  }

  cdcScaling(organizationId: string, serviceId: string): Promise<ClickPipesCdcScalingSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "GET",
        path: clickPipesCdcScalingPath(organizationId, serviceId),
        subject: `the ClickPipes CDC scaling of service ${serviceId}`,
        responseSchema: "clickPipesCdcScaling",
      }),
    );
  }

  updateCdcScaling(
    organizationId: string,
    serviceId: string,
    request: ClickPipesCdcScalingUpdateSchema,
  ): Promise<ClickPipesCdcScalingSchema> {
    return this.whileRunning(organizationId, serviceId, () =>
      this.http.fetchResult({
        method: "PATCH",
        path: clickPipesCdcScalingPath(organizationId, serviceId),
        subject: `the ClickPipes CDC scaling of service ${serviceId}`,
        body: request,
        requestSchema: "clickPipesCdcScalingUpdate",
        responseSchema: "clickPipesCdcScaling",
      }),
    );
  }

  private subject(serviceId: string, clickPipeId: string): string {
    return `ClickPipe ${clickPipeId} of service ${serviceId}`;
  }

  private whileRunning<T>(
    organizationId: string,
    serviceId: string,
    operation: () => Promise<T>,
  ): Promise<T> {
    return this.waker.whileRunning(organizationId, serviceId, refusedWhileIdle, operation);
  }
}
