/**
 * The service states the emulator models, driven directly: which state each `PATCH .../state` command leads to
 * from each state, when a transition settles, and the API's 409 for an awake of a service that is not idle.
 */
import { expect } from "chai";
import { ApiError } from "../../../emulator/server/errors";
import { applyCommand, stateOf } from "../../../emulator/model/serviceStates";
import type { EmulatedServiceState, ServiceRecord } from "../../../emulator/state/types";

const now = 1_700_000_000_000;
const delay = 1_000;

/** A service in `state`; a transitional one settles `delay` ms after `now`. */
function service(state: EmulatedServiceState | undefined): ServiceRecord {
  const transitional = state === "awaking" || state === "starting" || state === "stopping";
  return {
    id: "svc-1",
    ...(state === undefined ? {} : { state }),
    ...(transitional ? { stateSettlesAt: now + delay } : {}),
  } as ServiceRecord;
}

/** The state right after the command, and once any transition has settled. */
function afterCommand(
  state: EmulatedServiceState,
  command: "awake" | "start" | "stop",
  delayMs = delay,
): [EmulatedServiceState, EmulatedServiceState] {
  const record = service(state);
  applyCommand(record, command, now, delayMs);
  return [stateOf(record, now), stateOf(record, now + 10 * delay)];
}

describe("emulator: service states and their commands", () => {
  it("reads a service stored without a state as running", () => {
    expect(stateOf(service(undefined), now)).to.equal("running");
  });

  it("settles a transition when its time comes, not before", () => {
    expect(stateOf(service("awaking"), now + delay - 1)).to.equal("awaking");
    expect(stateOf(service("awaking"), now + delay)).to.equal("running");
    expect(stateOf(service("starting"), now + delay)).to.equal("running");
    expect(stateOf(service("stopping"), now + delay)).to.equal("stopped");
  });

  const transitions: Array<[EmulatedServiceState, "awake" | "start" | "stop", [string, string]]> = [
    ["idle", "awake", ["awaking", "running"]],
    ["running", "awake", ["running", "running"]],
    ["awaking", "awake", ["awaking", "running"]],
    ["stopped", "start", ["starting", "running"]],
    ["stopping", "start", ["starting", "running"]],
    ["idle", "start", ["awaking", "running"]],
    ["running", "start", ["running", "running"]],
    ["starting", "start", ["starting", "running"]],
    ["running", "stop", ["stopping", "stopped"]],
    ["idle", "stop", ["stopping", "stopped"]],
    ["stopped", "stop", ["stopped", "stopped"]],
    ["stopping", "stop", ["stopping", "stopped"]],
  ];
  for (const [from, command, [next, settled]] of transitions) {
    it(`${command} from ${from}: ${next}, then ${settled}`, () => {
      expect(afterCommand(from, command)).to.deep.equal([next, settled]);
    });
  }

  it("a stop of a service already stopping keeps the time it stops at", () => {
    const record = service("stopping");
    applyCommand(record, "stop", now + delay / 2, delay);
    expect(stateOf(record, now + delay)).to.equal("stopped");
  });

  it("without a delay, a command lands in the state it leads to at once", () => {
    expect(afterCommand("idle", "awake", 0)).to.deep.equal(["running", "running"]);
    expect(afterCommand("running", "stop", 0)).to.deep.equal(["stopped", "stopped"]);
  });

  for (const from of ["stopped", "stopping", "starting"] as const) {
    it(`refuses awake from ${from} with a 409 that says to use start`, () => {
      const record = service(from);
      let refusal: unknown;
      try {
        applyCommand(record, "awake", now, delay);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).to.be.instanceOf(ApiError);
      expect((refusal as ApiError).statusCode).to.equal(409);
      expect((refusal as ApiError).message).to.equal(
        `Service svc-1 is ${from}: the awake command wakes an idle service and does not start a stopped one; ` +
          "use the start command",
      );
      expect(stateOf(record, now)).to.equal(from);
    });
  }
});
