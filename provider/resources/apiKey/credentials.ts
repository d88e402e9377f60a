/**
 * A key made from credentials the program chose. The program gives either the key id and secret (`keyId`,
 * `keySecret`), from which the provider computes the API's `hashData` locally, so the secret never leaves the
 * machine; or `hashData` itself. The API documents each hash as the standard base64 of the raw SHA-256 digest
 * (`echo -n "<value>" | sha256sum | xxd -r -p | base64`) and `keyIdSuffix` as the id's last 4 characters.
 * None of these rules quotes a credential or a hash of one.
 */
import { createHash } from "node:crypto";
import type { ApiKeyHashData } from "../../rest";
import type { ValidationProblem } from "../../validation/validate";
import { limits } from "../../../schemas";
import { isPlainObject, type PropertyBag } from "../../propertyBags";

const credentialInputNames = ["keyId", "keySecret"] as const;

/** The hashData the API gets for this key id and secret. */
export function hashDataFor(keyId: string, keySecret: string): ApiKeyHashData {
  return {
    keyIdHash: sha256Base64(keyId),
    keyIdSuffix: keyId.slice(-limits.apiKey.suffixLength),
    keySecretHash: sha256Base64(keySecret),
  };
}

/** True when the program gave a key id or secret of its own. */
export function hasOwnCredentials(inputs: PropertyBag): boolean {
  return credentialInputNames.some((name) => !absent(inputs[name]));
}

/**
 * The hashData a create from these (unwrapped) inputs sends: computed from keyId and keySecret, given as
 * hashData, or none. While a credential is not known (a preview), neither is this: the definition compares keyId
 * and keySecret through hashData, so the diff counts hashData as not known then.
 */
export function effectiveHashData(inputs: PropertyBag): unknown {
  if (!hasOwnCredentials(inputs)) return inputs.hashData ?? undefined;
  const { keyId, keySecret } = inputs;
  return typeof keyId === "string" && typeof keySecret === "string"
    ? hashDataFor(keyId, keySecret)
    : undefined;
}

/** `value` when it is hashData: its three fields strings (a typed view of what `effectiveHashData` returns). */
export function hashDataIn(value: unknown): ApiKeyHashData | undefined {
  if (!isPlainObject(value)) return undefined;
  const { keyIdHash, keyIdSuffix, keySecretHash } = value;
  return typeof keyIdHash === "string" && typeof keyIdSuffix === "string" && typeof keySecretHash === "string"
    ? { keyIdHash, keyIdSuffix, keySecretHash }
    : undefined;
}

/**
 * The credential inputs a refresh reports from the outputs: keyId and keySecret for a key made from them (its
 * outputs hold both and the hashes), hashData for one made from hashes, none for credentials the API issued.
 */
export function credentialInputsFromOutputs(outputs: PropertyBag): PropertyBag {
  if (absent(outputs.hashData)) return {};
  if (absent(outputs.keyId)) return { hashData: outputs.hashData };
  return { keyId: outputs.keyId, keySecret: outputs.keySecret };
}

// ---- check rules --------------------------------------------------------------------------------------

/** keyId and keySecret go together; a missing one is reported on its own name. */
export function keyIdWithKeySecret(inputs: PropertyBag): ValidationProblem[] {
  const [given, missing] = absent(inputs.keySecret) ? ["keyId", "keySecret"] : ["keySecret", "keyId"];
  if (absent(inputs[given]) || !absent(inputs[missing])) return [];
  return [
    {
      property: missing,
      reason: `${missing} is required when ${given} is set: a key made from your own credentials needs both the key id and the secret`,
    },
  ];
}

/** One way of giving credentials at a time, and none for an adopted key, which keeps the ones it has. */
export function oneCredentialSource(inputs: PropertyBag): ValidationProblem[] {
  const own = hasOwnCredentials(inputs);
  if (own && !absent(inputs.hashData)) {
    return [
      {
        property: "hashData",
        reason:
          "hashData cannot be combined with keyId and keySecret: give either the key id and secret (the provider sends only their hashes) or the hashes",
      },
    ];
  }
  if (absent(inputs.adoptId)) return [];
  const given = own ? "keyId and keySecret" : absent(inputs.hashData) ? undefined : "hashData";
  if (given === undefined) return [];
  return [
    {
      property: own ? "keyId" : "hashData",
      reason: `${given} cannot be combined with adoptId: an adopted key keeps the credentials it was created with`,
    },
  ];
}

/**
 * keyId is the user name of HTTP Basic auth, so it cannot hold ":" (RFC 7617 ends the user name there); the API
 * shows its last 4 characters as keySuffix. Both credentials are printable ASCII, which every client encodes the
 * same way (Basic auth leaves the character set of other characters to the server).
 */
export function credentialFormats(inputs: PropertyBag): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const { keyId, keySecret } = inputs;
  const minimum = limits.apiKey.suffixLength;
  if (
    !absent(keyId) &&
    (typeof keyId !== "string" || !/^[\x21-\x39\x3b-\x7e]+$/.test(keyId) || keyId.length < minimum)
  ) {
    problems.push({
      property: "keyId",
      reason: `keyId must be a string of at least ${minimum} printable ASCII characters without spaces or ":" (it is the user name of HTTP Basic auth, and the API shows its last ${minimum} characters as keySuffix)`,
    });
  }
  if (!absent(keySecret) && (typeof keySecret !== "string" || !/^[\x20-\x7e]+$/.test(keySecret))) {
    problems.push({
      property: "keySecret",
      reason:
        "keySecret must be a non-empty string of printable ASCII characters (it is the password of HTTP Basic auth)",
    });
  }
  return problems;
}

function sha256Base64(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

function absent(value: unknown): boolean {
  return value === undefined || value === null;
}
