/**
 * axios and axios-retry, loaded when the first client is made rather than when the provider's modules load: a
 * provider process that sends nothing (a no-change preview, a check that fails) need not load them
 * (docs/decisions/0003-runtime-bundle.md).
 */
import type { AxiosAdapter, AxiosStatic } from "axios";
import type * as AxiosRetryModule from "axios-retry";
import type * as HttpModules from "./httpModules";

export interface HttpLibrary {
  readonly axios: AxiosStatic;
  /** axios's own Node transport, which the throttle wraps. */
  readonly httpAdapter: AxiosAdapter;
  readonly axiosRetry: typeof AxiosRetryModule.default;
}

let loaded: HttpLibrary | undefined;

export function httpLibrary(): HttpLibrary {
  if (loaded === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load is a require where first used
    const { axios, axiosRetry } = require("./httpModules") as typeof HttpModules;
    loaded = { axios, httpAdapter: axios.getAdapter("http"), axiosRetry };
  }
  return loaded;
}
