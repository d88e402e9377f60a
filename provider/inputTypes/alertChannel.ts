import type * as pulumi from "@pulumi/pulumi";
import type { AlertChannelType } from "../../schemas";

/** Where an alert delivers its notifications. */
export interface AlertChannelArgs {
  /** The channel type; `webhook` is the only one the API offers. */
  type: pulumi.Input<AlertChannelType>;
  /** The webhook (24-hex-digit id) that receives the notifications; it must exist. */
  webhookId: pulumi.Input<string>;
}
