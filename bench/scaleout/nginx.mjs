// nginx in front of Dandelion instances: a temp prefix in /tmp, run as a foreground child.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

export const NGINX = '/usr/sbin/nginx';
export const NGINX_MISSING = 'nginx 未安装：apt-get install -y nginx（Debian 的 nginx 包；.ci/run 会在缺少时安装）';

/** Throws the apt command when Debian's nginx is not installed (the scale-out test fails, it does not skip). */
export function assertNginx() {
  if (!fs.existsSync(NGINX)) throw new Error(NGINX_MISSING);
}

/**
 * nginx.conf with one listener per entry of `fronts`: `{ port, upstreams: [instance ports] }`.
 * Retries on the next instance only what is idempotent: nginx never passes a POST on once it was sent
 * (no `non_idempotent` in proxy_next_upstream), so a write is answered once or fails, never applied twice.
 * X-Upstream says which instance answered (or failed) each request.
 */
export function nginxConf(prefix, fronts) {
  const blocks = fronts
    .map(
      (front, i) => `
  upstream dandelion_${i} {
${front.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${front.port};
    client_max_body_size 20m;
    location / {
      proxy_pass http://dandelion_${i};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      add_header X-Upstream $upstream_addr always;
    }
  }`,
    )
    .join('\n');
  return `daemon off;
master_process on;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${blocks}
}
`;
}

/** Starts nginx (foreground child) with `fronts`; resolves once every front accepts connections. */
export async function startNginx(fronts, { waitUntilUp } = {}) {
  assertNginx();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-scaleout-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf(prefix, fronts));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  exited.then(() => (running = false));
  const deadline = Date.now() + 10_000;
  for (const front of fronts) {
    for (;;) {
      if (!running) throw new Error(`nginx exited: ${output}${readIf(path.join(prefix, 'error.log'))}`);
      try {
        const res = await fetch(`http://127.0.0.1:${front.port}/healthz`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (!waitUntilUp || res.status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${front.port}: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    pid: child.pid,
    prefix,
    async stop() {
      if (running) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

function readIf(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
