/** Errors as the REST clients raise them, for tests of the code above the clients that fake an API. */
import { ApiError, type ApiName } from "../../provider/rest";

/** A client profile with no hints: the messages of these errors are not what the tests look at. */
export function bareProfile(api: ApiName) {
  const title = api === "management" ? "management API" : "observability API";
  return { api, title, credentialHint: "", urlHint: "", permissionHint: "", notFoundHint: "" };
}

/** A create whose connection closed before the answer: the client cannot tell whether the object was made. */
export function lostReplyError(api: ApiName): ApiError {
  return new ApiError(bareProfile(api), {
    method: "POST",
    path: "/things",
    code: "ECONNRESET",
    detail: "the connection closed before a response arrived",
    subject: "a new thing",
    attempts: 1,
    elapsedMs: 0,
    outcomeUnknown: true,
  });
}
