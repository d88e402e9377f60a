/**
 * A check at compile time that a type written by hand (for its documentation, which programs see) has the shape of
 * the type generated from its JSON Schema: `Holds<Same<A, B>>` fails to compile unless each is assignable to the
 * other.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export type Holds<T extends true> = T;
