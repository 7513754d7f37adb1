import { ConfigError, loadConfig, type MailerConfig } from './config.js';
import { startHealthServer } from '@ledgerstone/process-kit';
import { mailerReadiness } from './health/mailer-health.js';
import { createLogger } from './logger.js';
import { startMailWorker } from './mail-worker.js';

function readConfig(): MailerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`mailer: ${error.message}\n`);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);

async function main() {
  const worker = startMailWorker(config, logger);
  const health =
    config.healthPort === null
      ? undefined
      : await startHealthServer(config.healthPort, mailerReadiness(worker.checks)).catch(
          async (error: unknown) => {
            await worker.close();
            throw error;
          },
        );
  if (health) logger.info({ healthPort: health.port }, `health endpoints on port ${health.port}`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal means the operator does not want to wait for running jobs.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, `${signal} received, stopping`);
    await worker.close();
    await health?.close();
    logger.info('stopped');
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await worker.ready.catch((error: unknown) => {
    if (!stopping) throw error;
  });
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, `mailer stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
