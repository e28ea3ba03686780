/** The keys of T that may be left out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * T where a key that may be left out may also be `undefined`: how code inside the service passes "absent" under
 * exactOptionalPropertyTypes (TypeBox's Static marks optional keys `?:` without `undefined`). Used for service inputs
 * that are built in code as well as validated from a request.
 */
export type Loose<T> = Omit<T, OptionalKeys<T>> & { [K in OptionalKeys<T>]?: T[K] | undefined };
