/**
 * Authentication of both APIs. Management: HTTP Basic with base64(keyId:keySecret) of any enabled, unexpired
 * key of the organization whose IP access list admits the caller (keys created through the API included;
 * compared by sha256 hash, as only hashes are stored). Observability: the fixture's bearer token, read the way
 * the real server reads it: the text after the first "Bearer " (capital B, one space), so `bearer x` is refused.
 * Every role may call every operation: which key roles (admin, developer, query_endpoints) may call which
 * operation is not documented.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { hashCredential } from "../state/credentials";
import type { EmulatorContext } from "./context";
import { ApiError } from "./errors";
import { isAddressAllowed } from "../model/ipAccess";
import type { ApiKeyRecord } from "../state/types";

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

function basicCredentials(header: string | undefined): { keyId: string; keySecret: string } {
  if (!header) throw new ApiError(401, "Missing Authorization header; use Basic auth with an API key");
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match) throw new ApiError(401, "The Authorization header must use the Basic scheme with an API key");
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const separator = decoded.indexOf(":");
  if (separator <= 0) throw new ApiError(401, "The Basic credentials must be base64(keyId:keySecret)");
  return { keyId: decoded.slice(0, separator), keySecret: decoded.slice(separator + 1) };
}

export function authenticateApiKey(context: EmulatorContext, request: FastifyRequest): ApiKeyRecord {
  const { keyId, keySecret } = basicCredentials(request.headers.authorization);
  const keyIdHash = hashCredential(keyId);
  const key = context.store.state.keys.find((candidate) => sameHash(candidate.keyIdHash, keyIdHash));
  if (!key || !sameHash(key.keySecretHash, hashCredential(keySecret))) {
    throw new ApiError(401, "Invalid API key id or secret");
  }
  if (key.state !== "enabled") throw new ApiError(401, "The API key is disabled");
  const now = context.now();
  if (key.expireAt !== null && Date.parse(key.expireAt) <= now.getTime()) {
    throw new ApiError(401, "The API key has expired");
  }
  if (!isAddressAllowed(key.ipAccessList, request.ip)) {
    throw new ApiError(403, `The API key's IP access list does not allow requests from ${request.ip}`);
  }
  key.usedAt = now.toISOString();
  context.store.changed();
  return key;
}

/**
 * The token of an observability request: what follows the first "Bearer " of the Authorization header, up to a
 * second one if any, as the real server splits it. The scheme is case-sensitive there, unlike in RFC 9110.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const token = (request.headers.authorization ?? "").split("Bearer ")[1];
  return token === undefined || token === "" ? undefined : token;
}

export function authenticateBearerToken(context: EmulatorContext, request: FastifyRequest): void {
  const token = bearerToken(request);
  const expected = hashCredential(context.fixture.observabilityToken);
  if (token === undefined || !sameHash(hashCredential(token), expected))
    throw new ApiError(401, "Unauthorized");
}
