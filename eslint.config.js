import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Nest's HTTP exceptions: each names a status, which only the HTTP edge decides. */
const NEST_HTTP_EXCEPTIONS = [
  'HttpException',
  'BadRequestException',
  'UnauthorizedException',
  'ForbiddenException',
  'NotFoundException',
  'MethodNotAllowedException',
  'NotAcceptableException',
  'RequestTimeoutException',
  'ConflictException',
  'GoneException',
  'PreconditionFailedException',
  'PayloadTooLargeException',
  'UnsupportedMediaTypeException',
  'ImATeapotException',
  'MisdirectedException',
  'UnprocessableEntityException',
  'InternalServerErrorException',
  'NotImplementedException',
  'BadGatewayException',
  'ServiceUnavailableException',
  'GatewayTimeoutException',
  'HttpVersionNotSupportedException',
];

const HTTP_EDGE_ONLY =
  "Only the HTTP edge (an http/ folder) answers with a status: below it, throw the context's typed error " +
  '(a DomainError), which shared/http/error-response.ts maps to its status.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['services/api/src/**/*.ts'],
    ignores: ['services/api/src/**/http/**', 'services/api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@nestjs/common', importNames: NEST_HTTP_EXCEPTIONS, message: HTTP_EDGE_ONLY }],
          patterns: [
            { group: ['@nestjs/common/exceptions', '@nestjs/common/exceptions/*'], message: HTTP_EDGE_ONLY },
          ],
        },
      ],
    },
  },
);
