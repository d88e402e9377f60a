/**
 * Sources: list (one answer), get, create, PUT (the whole source) and DELETE. A request is checked in the API's
 * order: the body and the path id (one 400), the connection it names (400), then the source (404 `Source not
 * found`).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { idProblems, invalidRequest } from "../../model/objectBodies";
import { connectionProblem, parseSourceBody, sourceView } from "../../model/sources";
import { objectId, secureBytes } from "../../state/random";
import type { SourceRecord } from "../../state/types";
import { notFoundError, validId, type IdParams, type ObjectMount } from "./objectMount";

export function sourceRoutes(scope: FastifyInstance, context: EmulatorContext, mount: ObjectMount): void {
  const path = `${mount.prefix}/sources`;
  const state = () => context.store.state;

  function validBody(body: unknown, id?: string): Record<string, unknown> {
    const parsed = parseSourceBody(body);
    const badId = idProblems(id);
    if ("problems" in parsed || badId.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], badId);
    }
    const problem = connectionProblem(state(), parsed.body.connection);
    if (problem !== undefined) throw new ApiError(400, problem);
    return parsed.body;
  }

  function find(id: string): SourceRecord {
    const source = state().sources.find((candidate) => candidate.id === id);
    if (source === undefined) throw notFoundError("Source not found");
    return source;
  }

  scope.get(path, async (request) => mount.answer(request, state().sources.map(sourceView)));

  scope.get<{ Params: IdParams }>(`${path}/:id`, async (request) =>
    mount.answer(request, sourceView(find(validId(request.params.id)))),
  );

  scope.post(path, async (request) => {
    const body = validBody(request.body);
    const source = { ...body, id: objectId(secureBytes) } as SourceRecord;
    state().sources.push(source);
    context.store.changed();
    return mount.answer(request, sourceView(source));
  });

  scope.put<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const body = validBody(request.body, request.params.id);
    const existing = find(validId(request.params.id));
    const replaced = { ...body, id: existing.id } as SourceRecord;
    state().sources = state().sources.map((source) => (source.id === existing.id ? replaced : source));
    context.store.changed();
    return mount.answer(request, sourceView(replaced));
  });

  scope.delete<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const existing = find(validId(request.params.id));
    state().sources = state().sources.filter((source) => source.id !== existing.id);
    context.store.changed();
    return mount.answer(request, undefined);
  });
}
