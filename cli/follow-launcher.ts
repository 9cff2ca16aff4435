/**
 * Stopping with the process that launched the command when that is npm (`npx stet-harness …`,
 * `npm exec`, `npm run`). npm runs the bin through `sh -c`; signalled, npm passes the signal to that
 * shell, which dies without passing it on, and the command — a server of `serve`, `record` or `replay`
 * — would keep running under init. So when the parent the command started under goes away, the
 * command signals itself SIGTERM: a server closes as if it had been signalled itself.
 *
 * Started by anything but npm (a shell, `nohup`, a test), nothing is watched: a server left running
 * in the background on purpose outlives the shell that started it.
 */

/** How often the parent is looked at, in milliseconds. */
export const launcherPollMs = 300;

/**
 * When `env` says npm launched this process, watches the parent pid and sends SIGTERM to this
 * process once it changes (the launcher died and the process was adopted). The watch never keeps
 * the process alive. Returns whether it watches.
 */
export function followLauncher(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.npm_command === undefined && env.npm_lifecycle_event === undefined) return false;
  const launcher = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, launcherPollMs);
  timer.unref();
  return true;
}
