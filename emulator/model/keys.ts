/**
 * The rules of API key credentials. A key is created either with credentials the API issues (returned once, by
 * the create) or from `hashData` the client computed itself: the standard base64 of the raw SHA-256 digests of
 * the key id and of the secret, plus the id's last 4 characters; the API then returns no credentials. Either way
 * only hashes are stored (as hex), and Basic auth with the id and secret that hash to them authenticates.
 */
import { hashCredential, issueCredentials, keySuffixOf, type IssuedCredentials } from "../state/credentials";
import type { ByteSource } from "../state/random";

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

function hexOf(base64Digest: string): string {
  return Buffer.from(base64Digest, "base64").toString("hex");
}
