/**
 * An output channel that ignores what is written to it once disposed. The language client logs the server
 * process's exit ("Server process exited successfully") when the process ends, which can be after `deactivate` has
 * disposed the channel: VS Code then threw "Channel has been closed" into the extension host's log (seen in the
 * real VS Code suite in 1 of 6 window reloads).
 */
export function quietAfterDispose<T extends { dispose(): void }>(channel: T): T {
  let disposed = false;
  return new Proxy(channel, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key === 'dispose') {
        return () => {
          if (disposed) return;
          disposed = true;
          target.dispose();
        };
      }
      return (...args: unknown[]) => (disposed ? undefined : (value as (...rest: unknown[]) => unknown).apply(target, args));
    },
  });
}
