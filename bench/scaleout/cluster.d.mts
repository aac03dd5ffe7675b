// Types of cluster.mjs for the server-pg test that runs the scale-out in reduced form.
export const ADMIN_PASSWORD: string;
export function freePort(): Promise<number>;
export interface Instance {
  port: number;
  url: string;
  pid: number;
  output(): string;
  isRunning(): boolean;
  /** SIGKILL; answers when the exit was seen. */
  kill(): Promise<number>;
  stop(): Promise<void>;
}
export interface InstanceOptions {
  args: string[];
  cwd: string;
  databaseUrl: string;
  filesDir: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  timeoutMs?: number;
}
export function startInstance(options: InstanceOptions): Promise<Instance>;
export function startInstances(count: number, options: InstanceOptions): Promise<Instance[]>;
