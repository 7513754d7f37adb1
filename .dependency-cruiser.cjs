const API = '^services/api/src/';

/**
 * The api's contexts from the bottom up: a context may import the public file of a context below it, never one
 * beside or above it; `shared/` is below them all and the composition root (app.ts, app.module.ts, main.ts,
 * cli/, testing/) above.
 */
const API_CONTEXT_LAYERS = [
  ['identity'],
  ['catalog', 'market'],
  ['accounts'],
  ['books'],
  ['approvals'],
  ['audit'],
  ['health', 'metrics', 'queues-board'],
  ['api-docs'],
];
const API_CONTEXTS = API_CONTEXT_LAYERS.flat();

const apiLayerRules = API_CONTEXT_LAYERS.flatMap((layer, index) =>
  layer.map((context) => ({
    name: 'api-context-imports-upward',
    comment: `${context} may use only the contexts below it: ${API_CONTEXT_LAYERS.slice(0, index).flat().join(', ') || 'none'}.`,
    severity: 'error',
    from: { path: `${API}${context}/` },
    to: {
      path: `${API}(${[...API_CONTEXT_LAYERS.slice(index).flat()].filter((other) => other !== context).join('|')})/`,
    },
  })),
);

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
        'The domain is types and pure functions: no framework, database, queue, network or file system. ' +
        'Of the contracts it reads only the account messages: constant strings (and one sentence with blanks), ' +
        'no behaviour and no imports, so a refusal reads the same from the decider as from the request schemas.',
      severity: 'error',
      from: { path: '^packages/ledger/' },
      to: {
        pathNot:
          '^packages/ledger/|^packages/contracts/src/account-messages\\.ts$|^node_modules/(fast-check|@jest/globals)/',
      },
    },
    {
      name: 'contracts-are-leaves',
      comment: 'The contracts are schemas both sides share: they depend on zod and on nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/(?!contracts/)' },
    },
    {
      name: 'read-model-imports-beyond-ledger-eventstore-contracts',
      comment:
        "A read model is folded from the ledger's events, kept with the event store and read with kysely into the " +
        "contracts' shapes; the projector and the api both run it, so it knows no queue, HTTP or Nest. Its tests " +
        'and test helpers may use more.',
      severity: 'error',
      from: {
        path: '^packages/read-models/',
        pathNot: '\\.spec\\.ts$|^packages/read-models/src/testing(\\.ts$|/)',
      },
      to: { pathNot: '^packages/(read-models|ledger|eventstore|contracts)/|^node_modules/kysely/' },
    },
    {
      name: 'api-shared-imports-context',
      comment:
        'services/api/src/shared/ is what every context uses (auth, config, database, http, observability) and owns nothing of the business: it imports no context and not the composition root.',
      severity: 'error',
      from: { path: `${API}shared/`, pathNot: '\\.spec\\.ts$' },
      to: { path: API, pathNot: `${API}shared/` },
    },
    {
      name: 'api-context-deep-import',
      comment:
        'A context is reached only through its public file, index.ts; what lies behind it may change without telling anyone.',
      severity: 'error',
      from: { path: `${API}([^/]+)` },
      to: {
        path: `${API}(${API_CONTEXTS.join('|')})/(?!index\\.ts$)`,
        pathNot: `${API}$1/`,
      },
    },
    {
      name: 'api-imports-composition-root',
      comment: 'Only the composition root wires the app together; no context or shared module imports it.',
      severity: 'error',
      from: { path: `${API}(shared|${API_CONTEXTS.join('|')})/`, pathNot: '\\.spec\\.ts$' },
      to: { path: `${API}(app\\.ts|app\\.module\\.ts|main\\.ts|cli/|testing/)` },
    },
    ...apiLayerRules,
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
