/**
 * A throwaway Postgres server for the test runner: Debian's `postgresql` package, a cluster in
 * .data/pg-test (or another folder there) on 127.0.0.1:PORT, trust authentication on loopback only. When it cannot run
 * (not root and not installed, no `postgres` user), `startTestPostgres` answers the reason.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, chownSync } from "node:fs";
import path from "node:path";
import { run } from "./proc";
import { paths } from "./paths";

export const TEST_PG_PORT = 5433;

function findPgBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export type TestPostgres = { url: string; stop: () => Promise<void> };

/** Starts the test cluster, or answers `{ skipped: reason }`. */
export async function startTestPostgres(
  show: boolean,
  port: number = TEST_PG_PORT,
  /** The cluster's folder under .data (one per user of it: the API tests, the rehearsal). */
  name = "pg-test",
): Promise<TestPostgres | { skipped: string }> {
  const output = show ? "inherit" : "capture";
  const isRoot = process.getuid?.() === 0;
  let bin = findPgBin();
  if (!bin) {
    if (!isRoot) {
      return { skipped: "Postgres is not installed (sudo apt-get install -y postgresql)" };
    }
    console.log("postgresql is missing: apt-get install -y postgresql");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    await run("apt-get", ["update"], { env, output });
    await run("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], {
      env,
      output,
    });
    bin = findPgBin();
    if (!bin) return { skipped: "apt-get installed postgresql, but pg_ctl is not found" };
  }
  const dataDir = path.join(paths.root, ".data", name);
  // Postgres refuses to run as root: as root, run the server as the `postgres` user.
  const as = (cmd: string, args: string[]) =>
    isRoot
      ? run("runuser", ["-u", "postgres", "--", cmd, ...args], { output })
      : run(cmd, args, { output });
  if (isRoot) {
    try {
      await run("id", ["postgres"], { output: "capture" });
    } catch {
      return { skipped: "running as root and no `postgres` user exists" };
    }
  }
  if (existsSync(path.join(dataDir, "postmaster.pid"))) {
    await as(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]).catch(() => {});
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) {
    const { uid, gid } = await userIds("postgres");
    chownSync(dataDir, uid, gid);
  }
  await as(path.join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
  ]);
  await as(path.join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    path.join(dataDir, "server.log"),
    "-o",
    `-p ${port} -h 127.0.0.1 -k ${dataDir} -c fsync=off`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await as(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"]).catch(
        () => {},
      );
    },
  };
}

async function userIds(user: string): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run("id", ["-u", user], { output: "capture" })).trim());
  const gid = Number((await run("id", ["-g", user], { output: "capture" })).trim());
  return { uid, gid };
}
