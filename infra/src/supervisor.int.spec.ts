import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ChildExitedError, Supervisor } from './supervisor.js';

const scripts = {
  // Each listens for SIGTERM before its first line, so a test that waits for that line never signals it too soon.
  polite: `process.on('SIGTERM', () => { console.log('bye'); process.exit(0); });
    console.log('pid', process.pid); console.error('warming up'); setInterval(() => {}, 1000);`,
  stubborn: `process.on('SIGTERM', () => console.log('not stopping')); console.log('pid', process.pid);
    setInterval(() => {}, 1000);`,
  crashing: `console.error('boom'); setTimeout(() => process.exit(3), 50);`,
  flags: `process.on('SIGTERM', () => process.exit(0)); console.log('flags', process.execArgv.join(' '));
    console.log('args', process.argv.slice(2).join(' ')); setInterval(() => {}, 1000);`,
};

function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await sleep(20);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('Supervisor', () => {
  let dir: string;
  const script = (name: keyof typeof scripts) => join(dir, `${name}.js`);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ls-supervisor-'));
    for (const [name, source] of Object.entries(scripts)) await writeFile(join(dir, `${name}.js`), source);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prefixes every output line with the child name and stops children with SIGTERM', async () => {
    const out = capture();
    const err = capture();
    const supervisor = new Supervisor({ cwd: dir, stdout: out.stream, stderr: err.stream });
    let failed = false;
    supervisor.failure.catch(() => (failed = true));

    supervisor.start({ name: 'polite', script: script('polite') });
    await until(() => out.text().includes('[polite] pid') && err.text().includes('[polite] warming up'));
    const pid = Number(/\[polite\] pid (\d+)/.exec(out.text())?.[1]);
    expect(alive(pid)).toBe(true);

    await supervisor.stopAll();
    expect(out.text()).toContain('[polite] bye\n');
    expect(alive(pid)).toBe(false);
    await sleep(50);
    expect(failed).toBe(false);
  });

  it('passes every line through the formatter it was given, after the prefix', async () => {
    const out = capture();
    const err = capture();
    const supervisor = new Supervisor({
      cwd: dir,
      stdout: out.stream,
      stderr: err.stream,
      formatLine: (line) => `${line.toUpperCase()}!\n`,
    });

    supervisor.start({ name: 'polite', script: script('polite') });
    await until(() => out.text().includes('[polite] PID') && err.text().includes('[polite] WARMING UP!\n'));
    await supervisor.stopAll();
    expect(out.text()).toContain('[polite] BYE!\n');
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const out = capture();
    const supervisor = new Supervisor({
      cwd: dir,
      graceMs: 300,
      stdout: out.stream,
      stderr: capture().stream,
    });
    supervisor.start({ name: 'stubborn', script: script('stubborn') });
    await until(() => out.text().includes('[stubborn] pid'));
    const pid = Number(/\[stubborn\] pid (\d+)/.exec(out.text())?.[1]);

    const started = Date.now();
    await supervisor.stopAll();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(out.text()).toContain('[stubborn] not stopping');
    expect(alive(pid)).toBe(false);
  });

  it('reports the first child that dies on its own, after printing its last lines', async () => {
    const err = capture();
    const supervisor = new Supervisor({ cwd: dir, stdout: capture().stream, stderr: err.stream });
    supervisor.start({ name: 'polite', script: script('polite') });
    supervisor.start({ name: 'crashing', script: script('crashing') });

    const error = await supervisor.failure.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChildExitedError);
    expect((error as ChildExitedError).message).toBe(
      'crashing exited unexpectedly (code 3); stopping the rest',
    );
    expect(err.text()).toContain('[crashing] boom\n');
    await supervisor.stopAll();
  });

  it('reports a script that was not built instead of starting it', async () => {
    const supervisor = new Supervisor({ cwd: dir });
    supervisor.start({ name: 'api', script: join(dir, 'missing/main.js') });
    await expect(supervisor.failure).rejects.toThrow(`api: ${join(dir, 'missing/main.js')} is missing`);
  });

  it('starts nothing once it is stopping', async () => {
    const out = capture();
    const supervisor = new Supervisor({ cwd: dir, stdout: out.stream });
    await supervisor.stopAll();
    supervisor.start({ name: 'polite', script: script('polite') });
    await sleep(300);
    expect(out.text()).toBe('');
  });

  it('gives node its flags before the script, and the script its arguments after it', async () => {
    const out = capture();
    const supervisor = new Supervisor({ cwd: dir, stdout: out.stream });
    supervisor.start({
      name: 'reader',
      script: script('flags'),
      nodeArgs: ['--max-semi-space-size=64'],
      args: ['--from', 'start'],
    });
    await until(() => out.text().includes('args'));
    await supervisor.stopAll();
    expect(out.text()).toContain('[reader] flags --max-semi-space-size=64\n');
    expect(out.text()).toContain('[reader] args --from start\n');
  });
});
