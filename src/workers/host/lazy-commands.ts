// A group of commands whose code loads on its first call: the dynamic import() becomes a chunk of its
// own, so a first load neither fetches nor parses it (the service worker precaches it for offline use).
type Command = (...args: never[]) => Promise<unknown>;

/**
 * `names` lists every command of the group (a `satisfies Record<keyof Group, true>` object, so the
 * compiler says when one is missing); `load` imports the group's module and builds it, once. A load
 * that fails (the chunk could not be fetched) is tried again by the next call.
 */
export function lazyCommands<Group extends { [K in keyof Group]: Command }>(
  names: Record<keyof Group, true>,
  load: () => Promise<Group>,
): Group {
  let loading: Promise<Group> | undefined;
  const group = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const commands = Object.keys(names).map((name) => {
    const call = async (...args: unknown[]) => {
      const loaded: Record<keyof Group, Command> = await group();
      return Reflect.apply(loaded[name as keyof Group], loaded, args) as unknown;
    };
    return [name, call] as const;
  });
  // Each name of the group, with a call of the same arguments and answer: the group's own type.
  return Object.fromEntries(commands) as unknown as Group;
}
