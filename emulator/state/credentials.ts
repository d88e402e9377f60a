/**
 * API key credentials as the management API issues them: a 20-character key id and a secret that starts with
 * "4b1d", like the real ones. Only their SHA-256 digests are stored, in hex; a `hashData` client sends the same
 * digests in base64 (model/keys.ts converts them).
 */
import type { ByteSource } from "./random";
import { alphanumericString, sha256Hex } from "./random";

export interface IssuedCredentials {
  keyId: string;
  keySecret: string;
}

const keySuffixLength = 4;

export function issueCredentials(bytes: ByteSource): IssuedCredentials {
  return { keyId: alphanumericString(bytes, 20), keySecret: `4b1d${alphanumericString(bytes, 36)}` };
}

export function hashCredential(value: string): string {
  return sha256Hex(value);
}

export function keySuffixOf(keyId: string): string {
  return keyId.slice(-keySuffixLength);
}
