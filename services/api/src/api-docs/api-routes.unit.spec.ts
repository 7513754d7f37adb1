import { describe, expect, it } from '@jest/globals';
import { Controller, Get, HttpCode, HttpStatus, Module, Post, Query, type Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { MemberOnly, Public } from '../shared/auth/access.decorators.js';
import { ApiRoute } from '../shared/http/api-route.js';
import { ApiDocsModule } from './api-docs.module.js';
import { ApiRoutes } from './api-routes.js';

const greeting = z.object({ text: z.string() });

@MemberOnly()
@Controller('greetings')
class GreetingsController {
  @Get(':id')
  @ApiRoute({ summary: 'One greeting', tag: 'Member', response: greeting })
  one(): { text: string } {
    return { text: 'hello' };
  }

  @Public()
  @Post()
  @ApiRoute({ summary: 'Send a greeting', tag: 'Member', request: greeting, response: greeting })
  send(): { text: string } {
    return { text: 'hello' };
  }

  @Post(':id/read')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({ summary: 'Mark a greeting read', tag: 'Member', response: greeting })
  read(): { text: string } {
    return { text: 'hello' };
  }
}

@Public()
@Controller('farewells')
class UndescribedController {
  @Get()
  list(): string[] {
    return [];
  }
}

@Controller('open')
class UnguardedController {
  @Get()
  @ApiRoute({ summary: 'Open by omission', tag: 'Member', response: 'text' })
  open(): string {
    return '';
  }
}

@Public()
@Controller('searches')
class QueryReadingController {
  @Get('named')
  @ApiRoute({
    summary: 'Reads ?term=',
    tag: 'Member',
    query: z.object({ term: z.string() }),
    response: 'text',
  })
  named(@Query('term') term: string): string {
    return term;
  }

  @Get('unnamed')
  @ApiRoute({
    summary: 'Reads ?page= unnamed',
    tag: 'Member',
    query: z.object({ term: z.string() }),
    response: 'text',
  })
  unnamed(@Query('page') page: string): string {
    return page;
  }

  @Get('whole')
  @ApiRoute({ summary: 'Reads the whole query', tag: 'Member', response: 'text' })
  whole(@Query() query: Record<string, unknown>): string {
    return JSON.stringify(query);
  }
}

/** An app of the api-docs context and `controllers`, set up as app.ts sets up the api. */
async function appWith(...controllers: Type[]): Promise<NestExpressApplication> {
  @Module({ imports: [ApiDocsModule], controllers })
  class TestModule {}
  const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
  app.setGlobalPrefix('api');
  return app;
}

describe('the api routes, gathered when the app starts', () => {
  it('take method, path, access and status from Nest and the rest from the descriptor', async () => {
    const app = await appWith(GreetingsController);
    await app.init();

    const greetings = app
      .get(ApiRoutes)
      .registered()
      .filter((route) => route.path.startsWith('/api/greetings'));
    await app.close();

    expect(greetings).toEqual([
      {
        method: 'get',
        path: '/api/greetings/{id}',
        access: 'member',
        status: 200,
        summary: 'One greeting',
        tag: 'Member',
        response: greeting,
      },
      {
        method: 'post',
        path: '/api/greetings',
        access: 'public',
        status: 201,
        summary: 'Send a greeting',
        tag: 'Member',
        request: greeting,
        response: greeting,
      },
      {
        method: 'post',
        path: '/api/greetings/{id}/read',
        access: 'member',
        status: 200,
        summary: 'Mark a greeting read',
        tag: 'Member',
        response: greeting,
      },
    ]);
  });

  it('add a route mounted beside Nest to the document', async () => {
    const app = await appWith(GreetingsController);
    app.get(ApiRoutes).mounted({
      method: 'get',
      path: '/api/board',
      access: 'staff-read',
      summary: 'A board',
      tag: 'Admin',
      response: 'html',
    });
    await app.init();

    const routes = app.get(ApiRoutes);
    const paths = routes.document().paths as Record<string, Record<string, { summary: string }>>;
    await app.close();

    expect(paths['/api/board']?.get?.summary).toBe('A board');
    expect(routes.all().map(({ method, path }) => `${method} ${path}`)).toContain('get /api/board');
  });

  it('refuse a route mounted once the app has started', async () => {
    const app = await appWith(GreetingsController);
    await app.init();

    expect(() =>
      app.get(ApiRoutes).mounted({
        method: 'get',
        path: '/api/late',
        access: 'public',
        summary: '',
        tag: 'Admin',
        response: 'html',
      }),
    ).toThrow('GET /api/late was mounted after startup');
    await app.close();
  });

  it('stop the app from starting while a route has no descriptor, naming it', async () => {
    const app = await appWith(GreetingsController, UndescribedController);

    await expect(app.init()).rejects.toThrow(
      'GET /api/farewells (UndescribedController.list) has no @ApiRoute descriptor',
    );
    await app.close();
  });

  it('stop the app from starting while a route states no access rule, naming it', async () => {
    const app = await appWith(UnguardedController);

    await expect(app.init()).rejects.toThrow(
      'GET /api/open (UnguardedController.open) states no access rule',
    );
    await app.close();
  });

  it('stop the app from starting while a handler reads a query parameter its descriptor does not name', async () => {
    const app = await appWith(QueryReadingController);

    const starting = app.init();
    await expect(starting).rejects.toThrow(
      "GET /api/searches/unnamed (QueryReadingController.unnamed) reads ?page= but its descriptor's query does not name it",
    );
    await expect(starting).rejects.toThrow(
      'GET /api/searches/whole (QueryReadingController.whole) reads the query but its descriptor names no parameter',
    );
    await expect(starting).rejects.not.toThrow('QueryReadingController.named');
    await app.close();
  });
});
