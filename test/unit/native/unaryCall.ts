import type * as grpc from "@grpc/grpc-js";

/** Calls one unary handler as grpc-js would, with the request object only. */
export function call<Request, Response>(
  handler: grpc.handleUnaryCall<Request, Response>,
  request: Request,
): Promise<Response> {
  return new Promise((resolve, reject) =>
    handler({ request } as grpc.ServerUnaryCall<Request, Response>, (error, response) =>
      error ? reject(error as Error) : resolve(response as Response),
    ),
  );
}
