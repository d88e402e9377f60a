/**
 * A Service through the real engine, on both wires and both front ends: up makes it and waits for it, a preview
 * after it shows no change, an update renames it, changes its release channel and backup retention, disables its
 * MySQL endpoint and stops it in place, a refresh and a preview find nothing to change, and destroy stops nothing more and deletes it.
 */
import { describeThroughTheEngine } from "../../support/kindThroughTheEngine";

describeThroughTheEngine({
  kind: "Service",
  inputs: (_fixture, run) => ({
    create: {
      name: `e2e ${run}`.slice(0, 50),
      provider: "aws",
      region: "eu-central-1",
      releaseChannel: "fast",
      mysqlEndpoint: true,
      backupRetentionPeriodInHours: 48,
      state: "running",
    },
    update: {
      name: `e2e renamed ${run}`.slice(0, 50),
      provider: "aws",
      region: "eu-central-1",
      releaseChannel: "slow",
      mysqlEndpoint: false,
      backupRetentionPeriodInHours: 96,
      state: "stopped",
    },
  }),
});
