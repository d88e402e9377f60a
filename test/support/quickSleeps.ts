/**
 * The provider's pauses, shortened for the describe blocks that call it. The provider's session hands every
 * operation `systemClock` (provider/host/session.ts), and the REST clients fall back to it, so a create whose reply
 * was lost waits its settle second, a failed read-back its pause and a wait for an object its poll interval in real
 * time. The tests that call this check which requests those pauses separate and what the provider concludes, not
 * how long the pauses are, so there each sleep of `systemClock` lasts `scale` times its length.
 *
 * `now()` stays the real time: the emulator runs in this process on real time (its provisioning delays, its clock
 * offsets), and a wait's timeout is still measured in real seconds, so a wait that times out still does so after
 * the seconds it was given, polling more often meanwhile.
 */
import { systemClock } from "../../provider/clock";

/** One twentieth: a 1 s poll interval becomes 50 ms, often enough to shorten a wait, not a busy loop. */
const defaultScale = 1 / 20;

export function quickSleeps(scale = defaultScale): void {
  const realSleep = systemClock.sleep;
  before(() => {
    systemClock.sleep = (ms) => realSleep(ms * scale);
  });
  after(() => {
    systemClock.sleep = realSleep;
  });
}
