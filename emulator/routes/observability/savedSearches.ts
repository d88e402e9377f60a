/**
 * Saved searches: list (paged), get, create, PUT (a full replace: what it leaves out goes back to its default) and
 * DELETE (which deletes the alerts on the search too). A request is checked in the API's order: the body and the
 * path id (one 400), the source (400 `sourceId must be an existing source id`), then the saved search (404), then
 * its filters (a new one must render as one sidebar facet).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { ApiError } from "../../server/errors";
import { objectIdOf } from "../../model/alerts";
import { idProblems, invalidRequest } from "../../model/objectBodies";
import {
  firstUnrenderableFilter,
  missingSourceMessage,
  parseSavedSearchBody,
  savedSearchView,
  unrenderableFilterMessage,
  type SavedSearchBody,
} from "../../model/savedSearches";
import { objectId, secureBytes } from "../../state/random";
import type { SavedSearchRecord } from "../../state/types";
import { nowOf, notFoundError, pagedAnswer, validId, type IdParams, type ObjectMount } from "./objectMount";

export function savedSearchRoutes(
  scope: FastifyInstance,
  context: EmulatorContext,
  mount: ObjectMount,
): void {
  const path = `${mount.prefix}/saved-searches`;
  const state = () => context.store.state;
  const view = (search: SavedSearchRecord) => savedSearchView(search, state().teamId);

  function validBody(body: unknown, id?: string): SavedSearchBody {
    const parsed = parseSavedSearchBody(body);
    const badId = idProblems(id);
    if ("problems" in parsed || badId.length > 0) {
      throw invalidRequest("problems" in parsed ? parsed.problems : [], badId);
    }
    const sourceId = objectIdOf(parsed.body.sourceId);
    if (!state().sources.some((source) => source.id === sourceId))
      throw new ApiError(400, missingSourceMessage);
    return parsed.body;
  }

  function checkFilters(body: SavedSearchBody, stored?: SavedSearchRecord): void {
    const index = firstUnrenderableFilter(body.filters, stored?.filters);
    if (index >= 0) throw new ApiError(400, unrenderableFilterMessage(index));
  }

  function find(id: string): SavedSearchRecord {
    const search = state().savedSearches.find((candidate) => candidate.id === id);
    if (search === undefined) throw notFoundError("Saved search not found");
    return search;
  }

  scope.get(path, async (request, reply) => pagedAnswer(mount, request, reply, state().savedSearches, view));

  scope.get<{ Params: IdParams }>(`${path}/:id`, async (request) =>
    mount.answer(request, view(find(validId(request.params.id)))),
  );

  scope.post(path, async (request) => {
    const body = validBody(request.body);
    checkFilters(body);
    const now = nowOf(context);
    const search: SavedSearchRecord = { id: objectId(secureBytes), ...body, createdAt: now, updatedAt: now };
    state().savedSearches.push(search);
    context.store.changed();
    return mount.answer(request, view(search));
  });

  scope.put<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const body = validBody(request.body, request.params.id);
    const existing = find(validId(request.params.id));
    checkFilters(body, existing);
    const replaced: SavedSearchRecord = {
      id: existing.id,
      ...body,
      createdAt: existing.createdAt,
      updatedAt: nowOf(context),
    };
    state().savedSearches = state().savedSearches.map((search) =>
      search.id === existing.id ? replaced : search,
    );
    context.store.changed();
    return mount.answer(request, view(replaced));
  });

  scope.delete<{ Params: IdParams }>(`${path}/:id`, async (request) => {
    const existing = find(validId(request.params.id));
    state().alerts = state().alerts.filter((alert) => alert.savedSearch !== existing.id);
    state().savedSearches = state().savedSearches.filter((search) => search.id !== existing.id);
    context.store.changed();
    return mount.answer(request, undefined);
  });
}
