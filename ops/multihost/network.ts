/**
 * Hosts on this machine for the multi-host test: one network namespace per host, each with a veth pair whose other
 * end is on a bridge in the root namespace (the test runner's side, like an operator's network). Everything is
 * named after the test process's pid, so a crashed run's leftovers can be told from a live run's and swept.
 */
import { execFile, execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NS_PREFIX } from './namespaces.mjs';

export { namespaceBlocker } from './namespaces.mjs';

/** Namespaces are `twogether-mh-<pid>-<host>`, links `mh<pid><suffix>`, folders /tmp/twogether-mh-<pid>. */
const LINK_PREFIX = 'mh';

export const HOSTS = ['lb', 'app1', 'app2', 'data'] as const;
export type HostName = (typeof HOSTS)[number];

const ip = (args: string[]) => execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Kills what runs in a namespace (its processes outlive `ip netns del`), then deletes it. */
function removeNamespace(ns: string) {
  try {
    for (const pid of ip(['netns', 'pids', ns]).split(/\s+/).filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  } catch {
    /* no such namespace */
  }
  try {
    ip(['netns', 'del', ns]);
  } catch {
    /* already gone */
  }
}

/** What a crashed earlier run left (its pid is gone): namespaces with their processes, links, temp folders. */
export function sweepLeftovers(): string[] {
  const swept: string[] = [];
  const deadRun = (pid: string) => Number(pid) !== process.pid && !alive(Number(pid));
  for (const line of ip(['netns', 'list']).split('\n')) {
    const ns = line.split(' ')[0];
    const m = new RegExp(`^${NS_PREFIX}(?:probe-)?(\\d+)`).exec(ns);
    if (m && deadRun(m[1])) {
      removeNamespace(ns);
      swept.push(`namespace ${ns}`);
    }
  }
  for (const line of ip(['-o', 'link', 'show']).split('\n')) {
    const name = /^\d+:\s+([^:@\s]+)/.exec(line)?.[1];
    const m = name && new RegExp(`^${LINK_PREFIX}(\\d+)`).exec(name);
    if (name && m && deadRun(m[1])) {
      try {
        ip(['link', 'del', name]);
        swept.push(`link ${name}`);
      } catch {
        /* went with its namespace */
      }
    }
  }
  for (const entry of readdirSync(os.tmpdir())) {
    const m = new RegExp(`^${NS_PREFIX}(\\d+)$`).exec(entry);
    if (m && deadRun(m[1])) {
      rmSync(path.join(os.tmpdir(), entry), { recursive: true, force: true });
      swept.push(`folder ${entry}`);
    }
  }
  return swept;
}

/** A /24 in 10.231.0.0/16 that no interface here uses yet, chosen from the pid. */
function freeSubnet(): number {
  const used = ip(['-o', '-4', 'addr', 'show']);
  for (let k = 0; k < 250; k++) {
    const n = ((process.pid + k) % 250) + 1;
    if (!used.includes(`10.231.${n}.`)) return n;
  }
  throw new Error('no free 10.231.x.0/24 subnet for the test hosts');
}

export class Network {
  /** The folder for this run's files: data, logs, the build. */
  readonly dir = path.join(os.tmpdir(), `${NS_PREFIX}${process.pid}`);
  /** The runner's end of its link to the switch (in the root namespace). */
  private readonly runnerLink = `${LINK_PREFIX}${process.pid}rn`;
  private readonly subnet = freeSubnet();

  /** The test runner's address on the hosts' network. */
  readonly runnerIp = this.addr(1);
  readonly ips: Record<HostName, string> = { lb: this.addr(10), app1: this.addr(11), app2: this.addr(12), data: this.addr(20) };
  /** Redis has an address of its own on the data host, so one host's route to Redis can be cut alone. */
  readonly redisIp = this.addr(21);

  private addr(host: number) {
    return `10.231.${this.subnet}.${host}`;
  }

  ns(host: HostName | 'switch') {
    return `${NS_PREFIX}${process.pid}-${host}`;
  }

  private inSwitch(argv: string[]) {
    execFileSync('ip', ['netns', 'exec', this.ns('switch'), ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /**
   * A switch (a namespace holding a bridge, so the root namespace's firewall, Docker's FORWARD policy for one, never
   * sees the hosts' traffic), the runner's link to it, then each host: a namespace, a veth pair (eth0 inside, the
   * other end on the bridge), its address.
   */
  create(): void {
    ip(['netns', 'add', this.ns('switch')]);
    this.inSwitch(['ip', 'link', 'set', 'lo', 'up']);
    this.inSwitch(['ip', 'link', 'add', 'br0', 'type', 'bridge']);
    this.inSwitch(['ip', 'link', 'set', 'br0', 'up']);
    const attach = (outer: string) => {
      ip(['link', 'set', outer, 'netns', this.ns('switch')]);
      this.inSwitch(['ip', 'link', 'set', outer, 'master', 'br0', 'up']);
    };
    ip(['link', 'add', this.runnerLink, 'type', 'veth', 'peer', 'name', `${this.runnerLink}s`]);
    attach(`${this.runnerLink}s`);
    ip(['addr', 'add', `${this.runnerIp}/24`, 'dev', this.runnerLink]);
    ip(['link', 'set', this.runnerLink, 'up']);
    for (const host of HOSTS) {
      const ns = this.ns(host);
      const outer = `${LINK_PREFIX}${process.pid}${host}`;
      const inner = `${outer}i`;
      ip(['netns', 'add', ns]);
      ip(['link', 'add', outer, 'type', 'veth', 'peer', 'name', inner]);
      ip(['link', 'set', inner, 'netns', ns]);
      attach(outer);
      this.exec(host, ['ip', 'link', 'set', 'lo', 'up']);
      this.exec(host, ['ip', 'link', 'set', inner, 'name', 'eth0']);
      this.exec(host, ['ip', 'addr', 'add', `${this.ips[host]}/24`, 'dev', 'eth0']);
      if (host === 'data') this.exec(host, ['ip', 'addr', 'add', `${this.redisIp}/24`, 'dev', 'eth0']);
      this.exec(host, ['ip', 'link', 'set', 'eth0', 'up']);
    }
  }

  /** A command inside a host, to its end; throws with its stderr when it fails. */
  exec(host: HostName, argv: string[], opts: { env?: NodeJS.ProcessEnv } = {}): string {
    return execFileSync('ip', ['netns', 'exec', this.ns(host), ...argv], { encoding: 'utf8', env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** The same without blocking this process's event loop (the players go on playing meanwhile). */
  execAsync(host: HostName, argv: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile('ip', ['netns', 'exec', this.ns(host), ...argv], { encoding: 'utf8', env: opts.env ?? process.env }, (err, stdout, stderr) =>
        err ? reject(new Error(`${argv.join(' ')}: ${stderr || err.message}`)) : resolve(stdout),
      );
    });
  }

  /** A long-running process inside a host. `ip netns exec` execs the command, so the child's pid is the process's own. */
  spawn(host: HostName, argv: string[], opts: SpawnOptions = {}): ChildProcess {
    return spawn('ip', ['netns', 'exec', this.ns(host), ...argv], opts);
  }

  /** Cuts `host` off from `to` (a blackhole route: packets go nowhere and nothing is reset, as when a cable is pulled). */
  cut(host: HostName, to: string): void {
    this.exec(host, ['ip', 'route', 'add', 'blackhole', `${to}/32`]);
  }

  restore(host: HostName, to: string): void {
    this.exec(host, ['ip', 'route', 'del', 'blackhole', `${to}/32`]);
  }

  /** Everything this run made: processes in the hosts, namespaces (their links go with them), the folder. */
  destroy(): void {
    for (const host of HOSTS) removeNamespace(this.ns(host));
    removeNamespace(this.ns('switch'));
    try {
      ip(['link', 'del', this.runnerLink]);
    } catch {
      /* went with the switch */
    }
    if (existsSync(this.dir)) rmSync(this.dir, { recursive: true, force: true });
  }
}
