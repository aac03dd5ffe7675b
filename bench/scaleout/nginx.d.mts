// Types of nginx.mjs for the server-pg test that runs the scale-out in reduced form.
export const NGINX: string;
export const NGINX_MISSING: string;
export function assertNginx(): void;
export interface Front {
  port: number;
  upstreams: number[];
}
export function nginxConf(prefix: string, fronts: Front[]): string;
export function startNginx(fronts: Front[], options?: { waitUntilUp?: boolean }): Promise<{ pid: number; prefix: string; stop(): Promise<void> }>;
