import { ConfigError, loadConfig, type MailerConfig } from './config.js';
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

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const worker = startMailWorker(config, logger);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal means the operator does not want to wait for running jobs.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, stopping`);
    await worker.close();
    logger.info('stopped');
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await worker.ready.catch((error: unknown) => {
    if (!stopping) throw error;
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`mailer: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
