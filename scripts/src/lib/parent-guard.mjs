// Runs a command and ends it when the process that started this guard dies (issue 25: no
// orphans). `npm start` and the test fixtures start every long-running child (anvil, the
// indexer, the keeper, the web server) through it, each in its own process group led by this
// guard: when `npm start` is killed outright (SIGKILL, a crash) nothing is left running,
// holding a port or spinning on a database host that is gone.
//
//   node parent-guard.mjs <command> [args...]
//
// The guard ignores SIGTERM/SIGINT itself (a signal to the group reaches the command too; the
// guard waits for it to finish, e.g. anvil writing its state) and exits with the command's code.
import { spawn } from "node:child_process";
import { constants } from "node:os";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node parent-guard.mjs <command> [args...]");
  process.exit(2);
}
const parent = process.ppid;
const child = spawn(command, args, { stdio: "inherit" });
child.once("error", (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
child.once("exit", (code, signal) => {
  // What the command started itself (tsx's node, ponder's workers) must not outlive it: end the
  // rest of the group (this guard ignores the signal), then pass the command's status on.
  try {
    process.kill(-process.pid, "SIGTERM");
  } catch {
    // not a group leader (started without `detached`): nothing else to end
  }
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 15) : 1));
});
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => {});

let ending = false;
setInterval(() => {
  if (ending || process.ppid === parent) return;
  // the parent is gone (we were re-parented): end the whole group, then force it
  ending = true;
  const kill = (signal) => {
    try {
      process.kill(-process.pid, signal);
    } catch {
      child.kill(signal);
    }
  };
  kill("SIGTERM");
  setTimeout(() => kill("SIGKILL"), 5_000).unref();
}, 500);
