/**
 * The observability API's webhooks (HyperDX's routers/external-api/v2/webhooks.ts, controllers/webhook.ts and
 * utils/validators.ts): the body's rules, the URL's (http or https, slack only on slack.com, no loopback or private
 * address), a service and name used once, what a PUT keeps, and the webhook as shown (never its headers or query
 * parameters; `body` for the generic service only).
 */
import { isIP } from "node:net";
import { limits, schemas } from "../../schemas";
import type { WebhookRecord } from "../state/types";
import { readBody } from "./objectBodies";
import type { Problem } from "./problems";

export const duplicateWebhookMessage = "A webhook with this service and name already exists";

const slackRefused = ["headers", "queryParams", "body"] as const;

export interface WebhookBody {
  name: string;
  service: string;
  url: string;
  description?: string;
  headers?: Record<string, string>;
  queryParams?: Record<string, string>;
  body?: string;
}

/** The body's problems in the API's words, or the body with the fields the API keeps (the name trimmed). */
export function parseWebhookBody(body: unknown): { problems: Problem[] } | { body: WebhookBody } {
  const { problems, kept } = readBody(schemas.webhookCreate, body, /^$/);
  const own = problems
    .filter(
      (problem) =>
        !/^(headers|queryParams|body)(\.|$)/.test(problem.property) || problem.message.startsWith("Expected"),
    )
    .map((problem) =>
      problem.property === "url" && problem.message === "Invalid format"
        ? { ...problem, message: "Invalid url" }
        : problem,
    );
  if (typeof kept.body === "string" && kept.body.length > limits.webhook.bodyMaxLength) {
    own.push({
      property: "body",
      message: `String must contain at most ${limits.webhook.bodyMaxLength} character(s)`,
    });
  }
  own.push(...mapProblems("headers", kept.headers, headerNameProblem, "Header values"));
  own.push(...mapProblems("queryParams", kept.queryParams, queryNameProblem, "Query parameter values"));
  if (kept.service === "slack") {
    for (const field of slackRefused) {
      if (kept[field] !== undefined) {
        own.push({ property: field, message: `${field} is not supported for the slack webhook service` });
      }
    }
  }
  if (own.length > 0) return { problems: own };
  return { body: { ...(kept as unknown as WebhookBody), name: (kept.name as string).trim() } };
}

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001F\u007F]/;

function headerNameProblem(name: string): string | undefined {
  if (name === "") return "Header name cannot be empty";
  if (!/^[!#$%&'*+\-.0-9A-Z^_`a-z|~]+$/.test(name)) {
    return "Invalid header name. Only alphanumeric characters and !#$%&'*+-.^_`|~ are allowed";
  }
  return /^\d/.test(name) ? "Header name cannot start with a number" : undefined;
}

function queryNameProblem(name: string): string | undefined {
  if (name === "") return "Query parameter name cannot be empty";
  return controlCharacters.test(name) ? "Query parameter names cannot contain control characters" : undefined;
}

const maxValueLength = {
  headers: limits.webhook.headerValueMaxLength,
  queryParams: limits.webhook.queryParamValueMaxLength,
} as const;

/** The problems of a header or query parameter map: its names, then its values (never quoted). */
function mapProblems(
  field: "headers" | "queryParams",
  map: unknown,
  nameProblem: (name: string) => string | undefined,
  values: string,
): Problem[] {
  if (typeof map !== "object" || map === null || Array.isArray(map)) return [];
  const entries = Object.entries(map as Record<string, unknown>);
  const problems: Problem[] = [];
  for (const [name, value] of entries) {
    const nameIssue = nameProblem(name);
    // A value that is no string is the schema's own "Expected string", which the body's problems keep.
    if (nameIssue !== undefined) problems.push({ property: `${field}.${name}`, message: nameIssue });
    else if (typeof value !== "string") continue;
    else if (value.length > maxValueLength[field]) {
      const message = `String must contain at most ${maxValueLength[field]} character(s)`;
      problems.push({ property: `${field}.${name}`, message });
    } else if (controlCharacters.test(value)) {
      problems.push({ property: `${field}.${name}`, message: `${values} cannot contain control characters` });
    }
  }
  const max = field === "headers" ? limits.webhook.maxHeaders : limits.webhook.maxQueryParams;
  if (entries.length > max) {
    const noun = field === "headers" ? "headers" : "query parameters";
    problems.push({ property: field, message: `A webhook cannot have more than ${max} ${noun}` });
  }
  return problems;
}

/** The API's refusal of the URL (a 400 `{message}`), or undefined when it may be used. */
export function webhookUrlProblem(service: string, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Webhook URL is invalid";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return "Webhook URL must use HTTP or HTTPS";
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (service === "slack" && !(host === "slack.com" || host.endsWith(".slack.com"))) {
    return `Slack Webhook URL ${url} does not have hostname that ends in 'slack.com'`;
  }
  if (host === "localhost" || host.endsWith(".localhost") || isPrivateAddress(host)) {
    return "Webhook URL resolves to a private or reserved address.";
  }
  return undefined;
}

/** Loopback, private, link-local, shared and unspecified addresses: where the API's server must not send. */
function isPrivateAddress(host: string): boolean {
  if (isIP(host) === 4) {
    const [a, b] = host.split(".").map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return host === "::" || host === "::1" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  return false;
}

/**
 * What a PUT stores: name, service and URL; a description or body it leaves out is cleared; headers and query
 * parameters it leaves out are kept, unless the URL or the service changes, and `{}` clears them.
 */
export function replacedWebhook(existing: WebhookRecord, body: WebhookBody, now: string): WebhookRecord {
  const destinationChanged = body.url !== existing.url || body.service !== existing.service;
  const secret = (field: "headers" | "queryParams") => {
    const sent = body[field];
    if (sent === undefined) return destinationChanged ? undefined : existing[field];
    return Object.keys(sent).length === 0 ? undefined : sent;
  };
  return {
    id: existing.id,
    name: body.name,
    service: body.service,
    url: body.url,
    description: body.description,
    body: body.body,
    headers: secret("headers"),
    queryParams: secret("queryParams"),
    createdAt: existing.createdAt,
    updatedAt: now,
  };
}

export function webhookView(webhook: WebhookRecord): Record<string, unknown> {
  const service = webhook.service ?? "generic";
  return {
    id: webhook.id,
    name: webhook.name,
    service,
    url: webhook.url,
    description: webhook.description,
    ...(service === "generic" ? { body: webhook.body } : {}),
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  };
}
