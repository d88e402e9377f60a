/**
 * Creating a key so that exactly one exists afterwards, even when a create's reply is lost.
 *
 * When a POST fails with an unknown outcome (the connection dropped after the request was sent, a timeout, a 5xx),
 * the key may exist. Other resources adopt what such a POST made; a key cannot be adopted usefully, because its
 * secret is returned by that one reply only and can never be read back. So the key a lost reply made is deleted and
 * the create is made once more. Which keys are strays is decided conservatively: a stray has this exact name, was
 * not in the organization's key list taken just before the first POST (so no state can know it: it did not exist
 * when this create began, which also protects the old key of a create-before-delete rotation, same name and all),
 * and was created within the last few minutes by the server's clock (a guard in case that list was incomplete).
 * The attempts are bounded; when they run out, every stray has still been deleted, so nothing is orphaned.
 */
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResult, KeysApi } from "../../rest";
import { createOutcomeUnknown, deleteIfPresent, progress } from "../support/lifecycle";
import { MAX_CREATE_ATTEMPTS, settleAfterLostReply } from "../support/reconcile";

export { MAX_CREATE_ATTEMPTS };
/** How much older than this operation a stray may look: allows for the server's clock being behind ours. */
const CLOCK_SKEW_ALLOWANCE_MS = 5 * 60_000;

export async function createKeyOnce(
  keys: KeysApi,
  organizationId: string,
  request: ApiKeyCreateRequest,
): Promise<ApiKeyCreateResult> {
  const startedAt = Date.now();
  const existing = new Set((await keys.list(organizationId)).map((key) => key.id));
  const isStray = (key: ApiKey) =>
    key.name === request.name &&
    !existing.has(key.id) &&
    Date.parse(key.createdAt) >= startedAt - CLOCK_SKEW_ALLOWANCE_MS;

  for (let attempt = 1; ; attempt++) {
    try {
      return await keys.create(organizationId, request);
    } catch (error) {
      if (!createOutcomeUnknown(error)) throw error;
      // A key the lost request makes after the read-back would never be found again, and its secret is lost.
      await settleAfterLostReply();
      const strays = (await keys.list(organizationId)).filter(isStray);
      for (const stray of strays) {
        progress(
          "ApiKey",
          `the reply to creating key "${request.name}" was lost, so its secret is unknown; deleting the key it made (${stray.id})`,
        );
        await deleteIfPresent(() => keys.delete(organizationId, stray.id));
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new Error(
          `creating API key "${request.name}" failed ${attempt} times without a reply; any key those attempts ` +
            `made was deleted, so the next \`pulumi up\` starts clean. Last error: ${error.message}`,
        );
      }
      progress(
        "ApiKey",
        `creating key "${request.name}" again (attempt ${attempt + 1} of ${MAX_CREATE_ATTEMPTS})`,
      );
    }
  }
}
