import { execFileSync } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'Chromium is needed for browser tests: apt-get install -y chromium (or set CHROMIUM_PATH)',
    );
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context that asks for reduced motion, as the site honours it: nothing on a page moves (carousel,
 * cards rising in, typing hero), so what a test reads or audits is the settled page, never a frame mid-animation.
 */
export function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}
