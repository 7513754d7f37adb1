const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@ledgerstone/(contracts|ledger|eventstore|read-models|process-kit)$':
      '<rootDir>/packages/$1/src/index.ts',
    '^@ledgerstone/(contracts|ledger|read-models|process-kit)/(.+)$': '<rootDir>/packages/$1/src/$2.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** @type {import('jest').Config} */
export default {
  // Integration tests talk to real PostgreSQL, Redis, S3 and SMTP on a 2-core machine that may be busy.
  // (A global option: Jest ignores it inside a project.)
  testTimeout: 30_000,
  // Jest's default on 2 cores is one worker, which runs every file inside Jest's own process: its heap grows
  // with each file's modules until garbage collection dominates. Two workers, recycled past 1 GB, overlap the
  // waits on PostgreSQL, Redis and the browser; each test file has its own database and Redis prefix.
  maxWorkers: 2,
  testSequencer: '<rootDir>/test-sequencer.js',
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/src/**/*.unit.spec.ts', '<rootDir>/**/src/**/*.int.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest.node-setup.js'],
    },
    {
      ...shared,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.spec.tsx'],
      setupFilesAfterEnv: ['<rootDir>/frontend/src/testing/setup-tests.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/src/**/*.e2e.spec.ts'],
    },
  ],
};
