import * as pulumi from "@pulumi/pulumi";

// Placeholder until the resources exist (issue 5): proves the demo's engine path end to end.
export const greeting = `quickstart on stack ${pulumi.getStack()}`;
