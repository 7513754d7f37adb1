/**
 * The boundaries `npm run lint` keeps (see ARCHITECTURE.md): imports flow one way and never in a circle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle ties every module in it together: none may change or be understood alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      comment:
        'A frontend feature uses components/, lib/, api/, config/ and contracts, never another feature; app/ composes them.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'shared-frontend-imports-feature-or-app',
      comment:
        'components/, lib/, api/ and config/ serve every feature, so they know none of them, nor the app (their tests may render with the app providers).',
      severity: 'error',
      from: { path: '^frontend/src/(components|lib|api|config)/', pathNot: '\\.spec\\.tsx?$' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'frontend-imports-server-code',
      comment: 'The browser shares only the contracts (and their money formatting) with the server.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: '^(services|infra|bench|e2e)/|^packages/(?!contracts/)' },
    },
    {
      name: 'package-imports-service',
      comment: 'Packages are what services share; they never depend on a service, the frontend or the tools.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(services|frontend|infra|bench|e2e)/' },
    },
    {
      name: 'service-imports-service',
      comment: 'Services never import each other; they share only packages.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'ledger-is-pure',
      comment:
        'The domain is types and pure functions: no framework, database, queue, network or file system.',
      severity: 'error',
      from: { path: '^packages/ledger/' },
      to: { pathNot: '^packages/ledger/|^node_modules/(fast-check|@jest/globals)/' },
    },
    {
      name: 'contracts-are-leaves',
      comment: 'The contracts are schemas both sides share: they depend on zod and on nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/(?!contracts/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
