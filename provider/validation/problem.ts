/** What every check reports: a leaf module, so that rules can name it without importing the validator. */
export interface ValidationProblem {
  /** Dotted path of the bad property, e.g. `channel.webhookId` or `series[2].aggFn`; "" for the body itself. */
  property: string;
  /** A full sentence naming the property, the rule and (unless secret) the bad value. */
  reason: string;
}
