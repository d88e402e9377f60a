/**
 * Sources of randomness. The fixture uses a seeded generator so that `--seed` reproduces it; everything
 * created later (ids of new objects, API key secrets, request ids) uses the system's secure generator, so
 * that ids never repeat across restarts of a persisted state.
 */
import { createHash, randomBytes } from "node:crypto";

/** Returns `count` bytes. */
export type ByteSource = (count: number) => Buffer;

export const secureBytes: ByteSource = (count) => randomBytes(count);

/** mulberry32: a tiny, well-distributed 32-bit PRNG; plenty for test data and fault dice. */
export function seededFloats(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededBytes(seed: number): ByteSource {
  const next = seededFloats(seed);
  return (count) => Buffer.from(Array.from({ length: count }, () => Math.floor(next() * 256)));
}

export function uuidV4(bytes: ByteSource): string {
  const b = bytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A 24-hex-digit object id, the id format of the observability API. */
export function objectId(bytes: ByteSource): string {
  return bytes(12).toString("hex");
}

const alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function alphanumericString(bytes: ByteSource, length: number): string {
  return Array.from(bytes(length), (byte) => alphanumeric[byte % alphanumeric.length]).join("");
}

export function lowerHex(bytes: ByteSource, length: number): string {
  return bytes(Math.ceil(length / 2))
    .toString("hex")
    .slice(0, length);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
