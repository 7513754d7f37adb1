import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createDatabase, databaseName, ensureDatabase, migrateToLatest } from '@ledgerstone/eventstore';
import { SERVICE_NODE_FLAGS } from '@ledgerstone/process-kit';
import { ConfigError, loadDotEnv, parseConfig, type StartConfig } from './config.js';
import { LOCAL_S3_PORT, startLocalS3, type LocalS3 } from './local-s3.js';
import {
  MAIL_CATCHER,
  mailCatcher,
  mailCatcherReady,
  mailCatcherSmtpUrl,
  mailCatcherWebUrl,
} from './mail-catcher.js';
import { checkPortFree, checkPostgres, checkRedis } from './preflight.js';
import { readableLogLine } from './readable-logs.js';
import { paint, Supervisor } from './supervisor.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
const SERVICES = ['api', 'projector', 'mailer'] as const;

const say = (line: string) => console.log(`${paint('[start]', 1, colour)} ${line}`);

async function waitUntil(what: string, ready: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function preflight(config: StartConfig): Promise<void> {
  const problems = await Promise.all([
    checkPostgres(config.DATABASE_URL),
    checkRedis(config.REDIS_URL),
    checkPortFree(config.PORT, 'the api', 'PORT'),
    ...(config.PROJECTOR_HEALTH_PORT
      ? [checkPortFree(config.PROJECTOR_HEALTH_PORT, 'the projector', 'PROJECTOR_HEALTH_PORT')]
      : []),
    ...(config.MAILER_HEALTH_PORT
      ? [checkPortFree(config.MAILER_HEALTH_PORT, 'the mailer', 'MAILER_HEALTH_PORT')]
      : []),
    ...(config.S3_ENDPOINT ? [] : [checkPortFree(LOCAL_S3_PORT, 'the local S3', 'S3_ENDPOINT')]),
    ...(config.SMTP_URL
      ? []
      : Object.values(MAIL_CATCHER).map((port) => checkPortFree(port, 'the mail catcher', 'SMTP_URL'))),
  ]);
  const found = problems.filter((problem) => problem !== null);
  if (found.length) throw new Error(found.join('\n'));
}

async function migrate(url: string): Promise<void> {
  const created = await ensureDatabase(url);
  const db = createDatabase(url, { maxConnections: 1 });
  try {
    const applied = await migrateToLatest(db);
    const migrated = applied.length ? `migrated (${applied.join(', ')})` : 'up to date';
    say(`database ${databaseName(url)} ${created ? 'created and ' : ''}${migrated}`);
  } finally {
    await db.destroy();
  }
}

async function bringUp(
  config: StartConfig,
  supervisor: Supervisor,
  resources: { s3?: LocalS3 },
): Promise<void> {
  await preflight(config);
  await migrate(config.DATABASE_URL);
  // The api itself creates the first admin and the demo data at its start, so every deployment gets them too.

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Output that goes to a file or a pipe stays free of colour codes, the children's too.
    ...(colour ? {} : { NO_COLOR: '1' }),
    // The SDK version is pinned for Node 20 on purpose; its notice about later releases is noise here.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    PORT: String(config.PORT),
    PROJECTOR_HEALTH_PORT: String(config.PROJECTOR_HEALTH_PORT),
    MAILER_HEALTH_PORT: String(config.MAILER_HEALTH_PORT),
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    S3_BUCKET: config.S3_BUCKET,
    S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
    // The demo withdraws as soon as an address is saved or a password changed; set them to see the waits.
    WALLET_COOLING_HOURS: process.env.WALLET_COOLING_HOURS || '0',
    SECURITY_HOLD_HOURS: process.env.SECURITY_HOLD_HOURS || '0',
  };
  if (config.S3_ENDPOINT) {
    env.S3_ENDPOINT = config.S3_ENDPOINT;
  } else {
    resources.s3 = await startLocalS3(join(root, '.local/s3'), config.S3_BUCKET);
    env.S3_ENDPOINT = resources.s3.endpoint;
    say(`local S3 (s3rver) on ${env.S3_ENDPOINT}, bucket ${config.S3_BUCKET}, data in .local/s3`);
  }
  if (config.SMTP_URL) {
    env.SMTP_URL = config.SMTP_URL;
  } else {
    const mailDirectory = join(root, '.local/mail');
    await mkdir(mailDirectory, { recursive: true });
    supervisor.start(mailCatcher(mailDirectory));
    await waitUntil('the mail catcher', mailCatcherReady, 15_000);
    env.SMTP_URL = mailCatcherSmtpUrl;
    say(`mail catcher (maildev) on ${mailCatcherSmtpUrl}`);
  }

  for (const service of SERVICES) {
    supervisor.start({
      name: service,
      script: join(root, `services/${service}/dist/main.js`),
      nodeArgs: service === 'mailer' ? [] : SERVICE_NODE_FLAGS,
      env,
    });
  }
  const site = `http://localhost:${config.PORT}`;
  const live = () =>
    fetch(`${site}/api/health/live`)
      .then((response) => response.ok)
      .catch(() => false);
  await waitUntil(`the api (GET ${site}/api/health/live)`, live, 60_000);

  say('Ledgerstone is running:');
  console.log(`  site          ${site}`);
  console.log(`  API health    ${site}/api/health`);
  if (config.PROJECTOR_HEALTH_PORT) {
    console.log(`  projector     http://localhost:${config.PROJECTOR_HEALTH_PORT}/health/ready`);
  }
  if (config.MAILER_HEALTH_PORT) {
    console.log(`  mailer        http://localhost:${config.MAILER_HEALTH_PORT}/health/ready`);
  }
  if (!config.SMTP_URL) console.log(`  mail catcher  ${mailCatcherWebUrl}`);
  console.log(`  S3 endpoint   ${env.S3_ENDPOINT}`);
  console.log('  Press Ctrl-C to stop.');
}

function stopRequested(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => resolve(signal));
  });
}

async function main(): Promise<number> {
  const stop = stopRequested();
  loadDotEnv(join(root, '.env'));
  const config = parseConfig(process.env);
  const supervisor = new Supervisor({
    cwd: root,
    colour,
    // Piped (CI, the browser tests, a log collector), the lines stay JSON.
    formatLine: process.stdout.isTTY === true ? readableLogLine(colour) : undefined,
  });
  const resources: { s3?: LocalS3 } = {};
  let exitCode = 0;
  try {
    const interrupted = stop.then((signal) => say(`${signal} received, stopping`));
    await Promise.race([bringUp(config, supervisor, resources), supervisor.failure, interrupted]);
    await Promise.race([supervisor.failure, interrupted]);
  } catch (error) {
    for (const line of (error instanceof Error ? error.message : String(error)).split('\n')) say(line);
    exitCode = 1;
  } finally {
    await supervisor.stopAll();
    await resources.s3?.close();
  }
  if (exitCode === 0) say('stopped');
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
