/**
 * Path parameters as URL segments. `encodeURIComponent` leaves `.` and `..` as they are, and a URL parser then
 * removes such a segment (or the one before it): an id `..` in `.../keys/{id}` would address the organization
 * itself. So an empty, `.` or `..` segment (also when percent-encoded) is refused wherever a URL is built.
 */

/** Raised before a request is sent when a path parameter would not name one object of its own. */
export class PathSegmentError extends Error {
  override readonly name = "PathSegmentError";
}

/** The encoded segment of a path parameter; `what` names it in the error ("serviceId"). */
export function pathSegment(what: string, value: string): string {
  if (isDotOrEmpty(value)) {
    throw new PathSegmentError(
      `${what} ${JSON.stringify(value)} cannot be used in a URL: an id must not be empty, "." or ".."`,
    );
  }
  return encodeURIComponent(value);
}

/**
 * Refuses a whole request path with an empty, dot or dot-dot segment (after the leading slash), whatever built
 * it: the last guard before a request leaves the process.
 */
export function assertPathSegmentsSafe(path: string): void {
  const segments = path.replace(/^\/+/, "").split("/");
  const bad = segments.find((segment) => isDotOrEmpty(decodeSafely(segment)));
  if (bad !== undefined) {
    throw new PathSegmentError(
      `refusing to send a request to ${JSON.stringify(path)}: a path segment is empty, "." or ".."`,
    );
  }
}

function isDotOrEmpty(value: string): boolean {
  return value === "" || value === "." || value === "..";
}

/** `%2e%2E` is a dot segment to a URL parser; a segment that does not decode is left to the server. */
function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
