/**
 * The rules of API key credentials. A key is created either with credentials the API issues (returned once, by
 * the create) or from `hashData` the client computed itself: the standard base64 of the raw SHA-256 digests of
 * the key id and of the secret, plus the id's last 4 characters; the API then returns no credentials. Either way
 * only hashes are stored (as hex), and Basic auth with the id and secret that hash to them authenticates.
 */
import { hashCredential, issueCredentials, keySuffixOf, type IssuedCredentials } from "../credentials";
import type { ByteSource } from "../random";
import type { Problem } from "./problems";

export interface ApiKeyHashData {
  keyIdHash: string;
  keyIdSuffix: string;
  keySecretHash: string;
}

/** What a new key stores, and what the create returns besides the key: the issued credentials, if any. */
export interface KeyCredentials {
  keyIdHash: string;
  keySecretHash: string;
  keySuffix: string;
  issued?: IssuedCredentials;
}

const digestBytes = 32;
const suffixLength = 4;
const hashFields = ["keyIdHash", "keySecretHash"] as const;

/** Problems with hashData's values; absent or non-string fields are the schema's to report. */
export function hashDataProblems(hashData: unknown): Problem[] {
  if (typeof hashData !== "object" || hashData === null) return [];
  const fields = hashData as Partial<Record<keyof ApiKeyHashData, unknown>>;
  const problems: Problem[] = hashFields
    .filter((field) => typeof fields[field] === "string" && digestOf(fields[field]) === undefined)
    .map((field) => ({
      property: `hashData.${field}`,
      message: "must be the base64 of a SHA-256 digest (32 bytes, 44 characters)",
    }));
  const suffix = fields.keyIdSuffix;
  if (typeof suffix === "string" && suffix.length !== suffixLength) {
    problems.push({
      property: "hashData.keyIdSuffix",
      message: `must be the last ${suffixLength} characters of the key id`,
    });
  }
  return problems;
}

/** The credentials of a new key: from valid hashData when sent, issued by the API otherwise. */
export function newKeyCredentials(hashData: ApiKeyHashData | undefined, bytes: ByteSource): KeyCredentials {
  if (hashData) {
    return {
      keyIdHash: hexOf(hashData.keyIdHash),
      keySecretHash: hexOf(hashData.keySecretHash),
      keySuffix: hashData.keyIdSuffix,
    };
  }
  const issued = issueCredentials(bytes);
  return {
    keyIdHash: hashCredential(issued.keyId),
    keySecretHash: hashCredential(issued.keySecret),
    keySuffix: keySuffixOf(issued.keyId),
    issued,
  };
}

/** The digest a canonical base64 string encodes, when it encodes exactly 32 bytes. */
function digestOf(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, "base64");
  return bytes.length === digestBytes && bytes.toString("base64") === text ? bytes : undefined;
}

function hexOf(base64Digest: string): string {
  return Buffer.from(base64Digest, "base64").toString("hex");
}
