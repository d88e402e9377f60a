/** What every part of the emulator shares: the store, the live settings and the clock. */
import type { ApiDialect } from "../../schemas/dialects";
import type { Store } from "../state/store";
import type { EmulatorSettings, FaultKind, FixtureIdentity } from "../state/types";

export interface EmulatorContext {
  store: Store;
  /** The wire both APIs speak; fixed for the emulator's life. */
  dialect: ApiDialect;
  settings: EmulatorSettings;
  fixture: FixtureIdentity;
  now(): Date;
  /** Window of the management API's rate limit when a test shortens it; the real 10 s when absent. */
  managementRateWindowMs?: number;
}

/** Who a request authenticated as; set by the auth hooks, used by handlers and the rate limiter. */
export type Principal = { kind: "apiKey"; keyRecordId: string } | { kind: "observabilityToken" };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    /** The fault injected into this request, if any. */
    fault: FaultKind | null;
  }
}
