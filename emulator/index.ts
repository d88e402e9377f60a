/**
 * The emulator of both APIs, in-process: `startEmulator()` listens on 127.0.0.1 (any free port by default)
 * and returns its URL, fixture, control API and close().
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./server/app";
import { exchangeRecordingFile } from "./server/exchangeRecorder";
import type { ApiDialect } from "../schemas/dialects";
import type { EmulatorContext } from "./server/context";
import { secureBytes, seededBytes } from "./state/random";
import { Store } from "./state/store";
import type { EmulatorOptions, Fixture, RequestLogEntry, RunningEmulator } from "./state/types";

export type {
  AlertSilence,
  EmulatorControl,
  EmulatorOptions,
  EmulatorSettings,
  FaultKind,
  FaultPlan,
  Fixture,
  FixtureDashboard,
  NamedId,
  RequestLogEntry,
  ReversePrivateEndpointOutcome,
  RunningEmulator,
  ScriptedFault,
} from "./state/types";
export { faultKinds } from "./state/types";

export interface StartOptions extends EmulatorOptions {
  /** Called with each request log entry as it is written (the CLI prints them). */
  onRequestLogged?: (entry: RequestLogEntry) => void;
  /**
   * A file to append each management exchange to, one JSON line each, for `npm run check:openapi`; by default the
   * file named by `CHC_RECORD_EXCHANGES`, and no recording when that is unset.
   */
  recordExchangesTo?: string;
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const store = await Store.open({
    statePath: options.statePath,
    fixtureBytes: options.seed === undefined ? secureBytes : seededBytes(options.seed),
    organizationTier: options.organizationTier,
  });
  const dialect = options.dialect ?? "spec";
  const context: EmulatorContext = {
    store,
    dialect,
    fixture: store.fixture,
    settings: {
      rateLimits: options.rateLimits ?? false,
      provisioningDelayMs: options.provisioningDelayMs ?? 0,
      reversePrivateEndpointOutcome: options.reversePrivateEndpointOutcome ?? "Ready",
      awakeningDelayMs: options.awakeningDelayMs ?? 100,
      clockOffsetMs: 0,
    },
    managementRateWindowMs: options.managementRateWindowMs,
    // Timestamps the emulator writes (createdAt above all) follow its own clock, which a test may set off ours.
    now: () => new Date(Date.now() + context.settings.clockOffsetMs),
  };
  const { app, control } = await buildApp({
    context,
    fixture: () => fixtureAt(listeningUrl(app), store, dialect),
    onRequestLogged: options.onRequestLogged,
    recordExchangesTo: options.recordExchangesTo ?? exchangeRecordingFile(),
  });
  await app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  const url = listeningUrl(app);
  const fixture = fixtureAt(url, store, dialect);
  return {
    url,
    fixture,
    control,
    close: async () => {
      await app.close();
      await store.flush();
    },
  };
}

function fixtureAt(url: string, store: Store, dialect: ApiDialect): Fixture {
  return { managementUrl: url, observabilityUrl: url, dialect, ...store.fixture };
}

/** The URL clients should use; a wildcard bind is reached through loopback. */
function listeningUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === "string")
    throw new Error("The emulator is not listening on TCP");
  let host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  if (address.address === "0.0.0.0") host = "127.0.0.1";
  if (address.address === "::") host = "[::1]";
  return `http://${host}:${address.port}`;
}
