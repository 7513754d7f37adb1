import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { Public } from '../shared/auth/access.decorators.js';
import { ApiRoute } from '../shared/http/api-route.js';
import { DocsFileNotFoundError } from './api-docs.errors.js';
import { ApiRoutes } from './api-routes.js';

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'text/javascript',
  'favicon-32x32.png': 'image/png',
};

/** The package's own initializer opens a demo document from the internet; this one opens ours. */
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  requestInterceptor: (request) => {
    request.headers['X-Requested-With'] = 'XMLHttpRequest';
    return request;
  },
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ledgerstone API</title>
<link rel="stylesheet" href="/api/docs/ui/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/ui/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/ui/swagger-ui-bundle.js"></script>
<script src="/api/docs/ui/swagger-initializer.js"></script>
</body>
</html>
`;

/** The OpenAPI document of the api and Swagger UI to read it, served from the installed package. */
@Public()
@Controller('docs')
export class ApiDocsController {
  constructor(private readonly routes: ApiRoutes) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiRoute({
    summary: 'This documentation (Swagger UI)',
    tag: 'Documentation',
    response: 'html',
  })
  page(): string {
    return PAGE;
  }

  @Get('openapi.json')
  @ApiRoute({
    summary: 'The OpenAPI document',
    tag: 'Documentation',
    response: z.record(z.string(), z.unknown()),
  })
  openApi(): Record<string, unknown> {
    return this.routes.document();
  }

  @Get('ui/:file')
  @ApiRoute({
    summary: "Swagger UI's own files",
    tag: 'Documentation',
    response: 'file',
  })
  uiFile(@Param('file') file: string, @Res() response: Response): void {
    if (file === 'swagger-initializer.js') {
      response.type('text/javascript').setHeader('Cache-Control', 'no-cache').send(INITIALIZER);
      return;
    }
    const type = Object.hasOwn(SWAGGER_UI_FILES, file) ? SWAGGER_UI_FILES[file] : undefined;
    if (!type) throw new DocsFileNotFoundError(file);
    response.sendFile(join(SWAGGER_UI_DIR, file), {
      headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' },
    });
  }
}
