// Cached config is handed out as a value, not a promise, so that a check whose caller is cached awaits nothing: these
// chain a step onto either without making a value into a promise.

export type Maybe<T> = T | Promise<T>;

export const andThen = <T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> =>
  value instanceof Promise ? value.then(next) : next(value);
