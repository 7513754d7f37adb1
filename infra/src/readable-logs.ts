import pinoPretty from 'pino-pretty';

type LogLine = {
  msg?: string;
  context?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/**
 * The services log JSON lines (for machines: deployment keeps them as they are); at a terminal, `npm start`
 * shows each as one readable line: time, level, message, then any further fields.
 */
export function readableLogLine(colour: boolean): (line: string) => string {
  return pinoPretty.prettyFactory({
    colorize: colour,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,name,service,context,reqId,req,res,responseTime',
    messageFormat: (log: LogLine, messageKey: string) => {
      if (log.req && log.res) {
        return `${log.req.method} ${log.req.url} ${log.res.statusCode} in ${log.responseTime} ms`;
      }
      const message = String((log as Record<string, unknown>)[messageKey] ?? '');
      return log.context ? `${log.context}: ${message}` : message;
    },
  });
}
