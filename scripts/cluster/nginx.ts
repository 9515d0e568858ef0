import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SITE_CONFIG = path.resolve(import.meta.dirname, '../../deploy/nginx/fieldlot.conf');

export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX, '/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

/** A self-signed certificate for localhost and 127.0.0.1 (openssl), valid two days. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr || r.error}`);
  return { cert, key };
}

export interface SiteOptions {
  upstreams: string[];
  httpPort: number;
  httpsPort: number;
  cert: string;
  key: string;
  staticRoot: string;
  logDir: string;
}

/**
 * deploy/nginx/fieldlot.conf as shipped, with only its machine-specific values rewritten (addresses, ports,
 * certificate, paths). Each rewrite must match, so a changed deploy file cannot silently go untested.
 */
export function renderSite(o: SiteOptions): string {
  let conf = readFileSync(SITE_CONFIG, 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx/fieldlot.conf no longer matches ${pattern}`);
    conf = conf.replace(pattern, by);
  };
  const servers = o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  replace(/(upstream fieldlot \{\n)(?:\s*server [^\n]+\n)+/, `$1${servers}\n`);
  replace(/^\s*listen \[::\]:80;\n/m, '');
  replace(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  replace(/listen 80;/, `listen 127.0.0.1:${o.httpPort};`);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${o.httpsPort} ssl http2;`);
  replace(/server_name fieldlot\.example\.com;/g, 'server_name localhost;');
  replace(
    /return 301 https:\/\/\$host\$request_uri;/,
    `return 301 https://$host:${o.httpsPort}$request_uri;`,
  );
  replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${o.cert};`);
  replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${o.key};`);
  replace(/access_log \S+ fieldlot;/, `access_log ${path.join(o.logDir, 'access.log')} fieldlot;`);
  replace(/error_log\s+\S+ warn;/, `error_log ${path.join(o.logDir, 'error.log')} warn;`);
  replace(/root \/srv\/fieldlot\/web\/dist;/, `root ${o.staticRoot};`);
  replace(/root \/var\/www\/html;/, `root ${o.staticRoot};`);
  return conf;
}

/** The main nginx.conf for `nginx -p <dir> -c <dir>/nginx.conf`: everything under `dir`, nothing in /etc/nginx. */
export function writeNginxConfig(dir: string, site: SiteOptions): string {
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, 'fieldlot.conf'), renderSite(site));
  const temp = (name: string) => path.join(dir, 'temp', name);
  const mime = existsSync('/etc/nginx/mime.types')
    ? 'include /etc/nginx/mime.types;'
    : 'types { application/javascript js mjs; text/css css; text/html html; image/svg+xml svg; }';
  const main = `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs', 'main-error.log')} warn;
events { worker_connections 1024; }
http {
    ${mime}
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${path.join(dir, 'fieldlot.conf')};
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, main);
  return file;
}

/** `nginx -t` on the written configuration: a clear error before anything starts. */
export function testNginxConfig(nginx: string, dir: string, file: string) {
  const r = spawnSync(nginx, ['-t', '-q', '-p', dir, '-c', file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nginx -t failed:\n${r.stderr}`);
}
