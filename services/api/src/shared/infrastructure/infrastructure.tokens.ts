import type { MailJob } from '@ledgerstone/contracts';
import type { Queue } from 'bullmq';
import type { Kysely } from 'kysely';

/** Injection tokens of the settings and the shared connections every module may use. */
export const API_CONFIG = Symbol('ApiConfig');
export const DATABASE = Symbol('Database');
export const REDIS = Symbol('Redis');
export const OBJECT_STORAGE = Symbol('ObjectStorage');
export const SMTP_TRANSPORT = Symbol('SmtpTransport');
export const MAIL_QUEUE = Symbol('MailQueue');

export type Database = Kysely<unknown>;
export type MailQueue = Queue<MailJob>;
