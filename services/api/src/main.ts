import { Logger } from '@nestjs/common';
import { AccrualJob, AddressBookBackfill, ProofFingerprintBackfill } from './accounts/index.js';
import { createApp } from './app.js';
import { DemoCatalog } from './catalog/index.js';
import { fileOffsetClock } from './shared/clock/clock.js';
import { ConfigError, loadConfig, type ApiConfig } from './shared/config/config.js';
import { FirstAdmin } from './identity/index.js';

function readConfig(): ApiConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`api: ${error.message}\n`);
    process.exit(1);
  }
}

async function main() {
  const config = readConfig();
  const clock = config.testClockFile ? fileOffsetClock(config.testClockFile) : undefined;
  const app = await createApp(config, { clock });
  await app.get(FirstAdmin).ensure();
  await app.get(AddressBookBackfill).run();
  if (config.seedDemoData) await app.get(DemoCatalog).seed();
  // On SIGINT/SIGTERM Nest stops accepting requests, runs the shutdown hooks (closing every connection).
  app.enableShutdownHooks(['SIGINT', 'SIGTERM']);
  await app.listen(config.port);
  // Not awaited: while Redis is away the daily schedule waits for it and the api serves on.
  void app.get(AccrualJob).start();
  app.get(ProofFingerprintBackfill).start();
  const logger = new Logger('Api');
  logger.log(`listening on http://localhost:${config.port} (public address ${config.publicUrl})`);
  if (!config.approvals.enabled) {
    logger.warn('approvals are off (APPROVALS=off): one admin alone can adjust balances and release payouts');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`api: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
