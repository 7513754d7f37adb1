import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '@ledgerstone/process-kit';
import { parse } from 'yaml';
import { parseConfig } from './config.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Build {
  context: string;
  dockerfile?: string;
  args?: Record<string, string>;
}

interface Service {
  image?: string;
  build?: string | Build;
  volumes?: (string | { type?: string; source?: string })[];
  env_file?: string | (string | { path: string })[];
  depends_on?: string[] | Record<string, unknown>;
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string | string[] };
  deploy?: { replicas?: number };
}

const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
const services = Object.entries(compose.services);

function buildOf(service: Service): Build | undefined {
  if (typeof service.build === 'string') return { context: service.build };
  return service.build;
}

/** Sources of the Dockerfile's COPY and ADD lines that come from the build context (not from a stage). */
function contextSources(dockerfile: string): string[] {
  return readFileSync(dockerfile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^(COPY|ADD)\s/i.test(line) && !/--from=/.test(line))
    .flatMap((line) => {
      const words = line
        .split(/\s+/)
        .slice(1)
        .filter((word) => !word.startsWith('--'));
      return words.slice(0, -1);
    });
}

describe('docker-compose.yml', () => {
  it('defines the deployment services', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'minio', 'mail', 'api', 'projector', 'mailer', 'web']),
    );
  });

  it.each(['api', 'projector'])('runs the %s with the service node flags', (name) => {
    expect(compose.services[name]?.environment?.NODE_OPTIONS).toBe(SERVICE_NODE_FLAGS.join(' '));
  });

  it('keeps the shared settings', () => {
    const environment = compose.services.projector?.environment ?? {};
    expect(environment.DATABASE_URL).toBe(compose.services.api?.environment?.DATABASE_URL);
  });

  it.each(services)('%s has an image or a build', (_name, service) => {
    expect(Boolean(service.image) || Boolean(service.build)).toBe(true);
  });

  it.each(services)('%s depends only on services that exist', (_name, service) => {
    const needs = Array.isArray(service.depends_on)
      ? service.depends_on
      : Object.keys(service.depends_on ?? {});
    for (const need of needs) expect(Object.keys(compose.services)).toContain(need);
  });

  const built = services.flatMap(([name, service]) => {
    const build = buildOf(service);
    return build ? [[name, build] as const] : [];
  });

  it.each(built)('%s builds from a context and Dockerfile that exist', (_name, build) => {
    const context = resolve(root, build.context);
    expect(statSync(context).isDirectory()).toBe(true);
    const dockerfile = resolve(context, build.dockerfile ?? 'Dockerfile');
    expect(existsSync(dockerfile)).toBe(true);
    for (const source of contextSources(dockerfile)) {
      expect({ source, exists: existsSync(resolve(context, source)) }).toEqual({ source, exists: true });
    }
  });

  it.each(built.filter(([, build]) => build.args?.SERVICE))(
    '%s builds a service workspace',
    (_name, build) => {
      expect(existsSync(join(root, 'services', build.args?.SERVICE ?? '', 'package.json'))).toBe(true);
    },
  );

  it.each(services)('%s mounts and reads only files that exist', (_name, service) => {
    const hostPaths = (service.volumes ?? [])
      .map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : volume.source))
      .filter((source): source is string => Boolean(source) && /^[./~]/.test(source ?? ''));
    const envFiles = [service.env_file ?? []]
      .flat()
      .map((file) => (typeof file === 'string' ? file : file.path));
    for (const path of [...hostPaths, ...envFiles]) {
      expect({ path, exists: existsSync(resolve(root, path)) }).toEqual({ path, exists: true });
    }
  });

  it.each(services)('%s uses only declared named volumes', (_name, service) => {
    const named = (service.volumes ?? [])
      .map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : volume.source))
      .filter((source): source is string => Boolean(source) && !/^[./~$]/.test(source ?? ''));
    for (const volume of named) expect(Object.keys(compose.volumes ?? {})).toContain(volume);
  });

  it.each(services.filter(([, service]) => Array.isArray(service.command) && service.command[0] === 'node'))(
    '%s runs a script that is built from source in the repository',
    (_name, service) => {
      const source = ((service.command as string[])[1] ?? '')
        .replace('/dist/', '/src/')
        .replace(/\.js$/, '.ts');
      expect({ source, exists: existsSync(join(root, source)) }).toEqual({ source, exists: true });
    },
  );

  it.each(
    built
      .filter(([, build]) => build.args?.SERVICE)
      .map(([name]) => name)
      .filter((name) => !compose.services[name]?.command),
  )('%s, a long-running service, has a healthcheck', (name) => {
    expect(compose.services[name]?.healthcheck?.test).toBeDefined();
  });

  it.each([
    ['projector', parseConfig({}).PROJECTOR_HEALTH_PORT],
    ['mailer', parseConfig({}).MAILER_HEALTH_PORT],
  ])('%s is checked on its readiness endpoint at its default health port', (name, port) => {
    expect([compose.services[name]?.healthcheck?.test].flat().join(' ')).toContain(
      `http://127.0.0.1:${port}/health/ready`,
    );
  });

  it('proxies /api from nginx to every replica of a service of the deployment', () => {
    const nginx = readFileSync(join(root, 'infra/nginx/default.conf'), 'utf8');
    const upstream = /proxy_pass\s+http:\/\/([a-z0-9-]+);/.exec(nginx)?.[1];
    const block = new RegExp(`upstream ${upstream} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? '';
    const server = /server\s+([a-z0-9-]+):\d+\s+resolve;/.exec(block)?.[1];
    expect(Object.keys(compose.services)).toContain(server);
    // Replicas come and go with new addresses: nginx must look the name up again, through Docker's DNS.
    expect(nginx).toMatch(/resolver 127\.0\.0\.11 /);
    expect(block).toMatch(/zone \S+ \d+k;/);
  });

  it('runs two api and two projector replicas, as the soak does', () => {
    expect(compose.services.api?.deploy?.replicas).toBe(2);
    expect(compose.services.projector?.deploy?.replicas).toBe(2);
    // Replicas share one name: a fixed container name or host port would stop the second.
    for (const name of ['api', 'projector']) {
      expect(compose.services[name]).not.toHaveProperty('container_name');
      expect(compose.services[name]).not.toHaveProperty('ports');
    }
  });
});
