import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { transactionsExportQuery } from '@ledgerstone/contracts';
import type { Response } from 'express';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { setCsvAttachment, transactionsCsvHeader, transactionsCsvRows } from './audit-csv.js';
import { exportRange, TransactionsExport } from './transactions-export.js';
import { ApiRoute } from '../shared/http/api-route.js';

/** Waits until the response takes more, or until the client has gone. */
function drained(response: Response): Promise<void> {
  if (response.destroyed || !response.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Every account event of every member on a range of UTC days, streamed page by page as CSV. */
@StaffRead()
@Controller('admin')
export class TransactionsExportController {
  private readonly logger = new Logger('TransactionsExport');

  constructor(private readonly transactions: TransactionsExport) {}

  @Get('transactions.csv')
  @ApiRoute({
    summary:
      'Every account event of every member recorded on the UTC days ?from=YYYY-MM-DD to ?to=YYYY-MM-DD (inclusive, at most 366 days), oldest first, as a CSV download (UTF-8 with a byte order mark, CRLF): columns recorded_at, event_id, user_id, type, amount, bucket, reason, transaction_id (the deposit, withdrawal or adjustment id), actor_role, actor_id, request_id. Events appended while the export runs are left out',
    tag: 'Admin',
    query: transactionsExportQuery,
    response: 'file',
  })
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const parsed = transactionsExportQuery.parse(query);
    const pages = this.transactions.pages(exportRange(parsed));
    // The first page is read before any byte is sent, so that a failure there is still an error status.
    let page = await pages.next();
    setCsvAttachment(response, `ledgerstone-transactions-${parsed.from}-to-${parsed.to}.csv`);
    response.status(200);
    try {
      response.write(transactionsCsvHeader());
      while (!page.done) {
        await drained(response);
        if (response.destroyed) return;
        response.write(transactionsCsvRows(page.value));
        page = await pages.next();
      }
      response.end();
    } catch (error) {
      // Past the headers an error status is impossible: cut the connection so the file reads as incomplete.
      this.logger.error('Transactions export failed', error instanceof Error ? error.stack : String(error));
      response.destroy();
    } finally {
      await pages.return(undefined);
    }
  }
}
