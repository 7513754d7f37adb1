import { loadConfigOrExit } from './config.js';
import { createLogger } from './logger.js';
import { startProjector } from './projector.js';

const config = loadConfigOrExit('projector');
const logger = createLogger(config.logLevel);

async function main() {
  const projector = await startProjector(config, logger);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal means the operator does not want to wait for the batches in flight.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, `${signal} received, stopping`);
    await projector.stop();
    logger.info('stopped');
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  logger.fatal(
    { err: error },
    `projector could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
