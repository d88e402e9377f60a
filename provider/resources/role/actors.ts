/**
 * Who holds a role, as the API writes it: `user/<user id>` for a member, `apiKey/<API key id>` for an API key. The
 * API keeps ids in lower case, so two spellings of one actor are the same actor, and the order of a role's actors
 * says nothing.
 */
import type { RoleActorType } from "../../../schemas";

/** The actor a member (`user`) or an API key (`apiKey`) is on a role. */
export function actorOf(type: RoleActorType, id: string): string {
  return `${type}/${id.toLowerCase()}`;
}

/** One actor in the form the API keeps: its type as written, its id in lower case. */
export function canonicalActor(actor: string): string {
  const separator = actor.indexOf("/");
  if (separator < 0) return actor;
  return `${actor.slice(0, separator)}/${actor.slice(separator + 1).toLowerCase()}`;
}

/** Actors as a set: each canonical, sorted, each once. */
export function comparableActors(actors: readonly string[]): string[] {
  return [...new Set(actors.map(canonicalActor))].sort();
}
