/**
 * A new copy of a module, with none of the state its cached copy holds (a memoized value, a lazily loaded
 * library): as a process that has just started would load it. The cached copy stays the one every other `require`
 * gets, so the rest of the test process is unaffected. `file` is an absolute path: a relative one would be resolved
 * from this module.
 */
export function freshlyLoaded<T>(file: string): T {
  const resolved = require.resolve(file);
  const cached = require.cache[resolved];
  delete require.cache[resolved];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a new copy of the module is the point
    return require(resolved) as T;
  } finally {
    if (cached === undefined) delete require.cache[resolved];
    else require.cache[resolved] = cached;
  }
}
