/** Every setting comes from the environment, parsed once here; `.env.example` lists them with defaults. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Formscribe <no-reply@formscribe.local>'),
  ADMIN_EMAIL: z.email().default('admin@formscribe.local'),
  ADMIN_PASSWORD: optionalString,
  TRUST_PROXY: booleanFromEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Prometheus metrics: off unless METRICS_PORT (a separate server) or METRICS_TOKEN (public port, bearer) is set.
  METRICS_PATH: z
    .string()
    .default('/metrics')
    .refine((p) => /^\/[\w./-]*$/.test(p) && !/^\/(api|socket\.io)(\/|$)/i.test(p), {
      message: 'must be a path starting with / outside /api and /socket.io',
    }),
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Test-only: outgoing fetches (webhooks, IIIF) may reach loopback, so tests can run local servers.
  OUTBOUND_ALLOW_LOOPBACK: booleanFromEnv,
  // The switch's older, webhook-only name, still understood: either one turns it on.
  WEBHOOK_ALLOW_LOOPBACK: booleanFromEnv,
  // Stripe: without a secret key billing runs on the built-in test provider (test mode, no network).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_TEST_SECRET_KEY: optionalString,
  STRIPE_TEST_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Where stripe-node sends its calls; tests point these at a local stand-in of the Stripe API.
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),
  // The built-in test provider without Stripe keys: on unless NODE_ENV=production, where only
  // `true` turns it on (a demo or staging server); otherwise paid plans are unavailable there.
  PAYMENTS_TEST_PROVIDER: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  // File storage: local disk under DATA_DIR (one node), or an S3-compatible bucket (several nodes).
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  // AWS S3 leaves this out; MinIO, Cloudflare R2 and Backblaze B2 give their endpoint URL.
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  // Without a key pair the AWS SDK's usual chain applies (instance or task role, AWS_* variables).
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // MinIO (and most self-hosted servers) need bucket-in-path URLs instead of bucket subdomains.
  S3_FORCE_PATH_STYLE: booleanFromEnv,
  // Keys go under this prefix, so one bucket can hold several deployments (e.g. "formscribe/").
  S3_PREFIX: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(v),
      'letters, digits, . _ - and /, ending in /',
    ),
  // Connections this node keeps open to PostgreSQL (docs/operations.md: why 10 suits a small machine).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // How long a request waits for a free connection (or a new one) before it answers 503.
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Machine reading (OCR, services/ocr/): each form reads in its own language (its settings), from
  // the shipped @tesseract.js-data/<code> package unless OCR_LANG_PATH names a folder holding every
  // <code>.traineddata.gz, and how many fields this node reads at once (each reader is a worker
  // thread holding a language model).
  OCR_LANG_PATH: optionalString,
  OCR_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  // The reading time one image may use, in seconds: past it, its remaining fields are left unread
  // and the owner is told why (a form may have 200 boxes; one image must not hold a reader for hours).
  OCR_IMAGE_TIME_BUDGET_SECONDS: z.coerce.number().positive().max(3600).default(120),
});

export type Config = ReturnType<typeof parseConfig>;

export const OUTBOUND_LOOPBACK_IN_PRODUCTION =
  'Invalid configuration: OUTBOUND_ALLOW_LOOPBACK (or WEBHOOK_ALLOW_LOOPBACK) is for tests only and refused when NODE_ENV=production';

/** Parses an environment (process.env by default) into the app's settings, with derived paths. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const allowLoopback = e.OUTBOUND_ALLOW_LOOPBACK || e.WEBHOOK_ALLOW_LOOPBACK;
  // The loopback escape hatch exists for tests' local servers; production must never have it.
  if (allowLoopback && e.NODE_ENV === 'production') throw new Error(OUTBOUND_LOOPBACK_IN_PRODUCTION);
  const storage = parseStorage(e);
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    mailDir: path.join(dataDir, 'mail'),
    postgresDir: path.join(dataDir, 'postgres'),
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    /** The knex pool of this node (db/knex.ts). */
    databasePool: { size: e.DATABASE_POOL_SIZE, acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metrics: {
      path: e.METRICS_PATH,
      port: e.METRICS_PORT,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN,
      /** Recorded and served only when somewhere to serve them safely is configured. */
      enabled: e.METRICS_PORT !== undefined || e.METRICS_TOKEN !== undefined,
    },
    jobPollSeconds: e.JOB_POLL_SECONDS,
    ocr: {
      langPath: e.OCR_LANG_PATH,
      concurrency: e.OCR_CONCURRENCY,
      imageTimeBudgetMs: Math.round(e.OCR_IMAGE_TIME_BUDGET_SECONDS * 1000),
    },
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      /** The outbound switch below, as the webhook code reads it. */
      allowLoopback,
    },
    /** Every outgoing fetch (services/outbound/): webhook deliveries, IIIF imports. */
    outbound: { allowLoopback },
    stripe: {
      /** Live key pair (either may be missing). */
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      /** Test key pair, used for users whose stripeTestMode is on. */
      testSecretKey: e.STRIPE_TEST_SECRET_KEY,
      testPublishableKey: e.STRIPE_TEST_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiHost: e.STRIPE_API_HOST,
      apiPort: e.STRIPE_API_PORT,
      apiProtocol: e.STRIPE_API_PROTOCOL,
    },
    /** Who takes payments (see paymentsProvider below); services/billing/chooseProvider.ts builds it. */
    payments: { provider: paymentsProvider(e) },
    /** Where originals, thumbnails and logos are kept (services/storage/fileStorage.ts). */
    storage,
    secureCookies: publicUrl.startsWith('https://'),
    clientDistDir: path.join(repoRoot, 'client', 'dist'),
  };
}

type Env = z.infer<typeof envSchema>;

/**
 * Who takes payments: Stripe when a secret key is set; else the built-in test provider, which a
 * laptop and the tests get by default but a production deployment only by PAYMENTS_TEST_PROVIDER
 * (it takes the public test card, so running it by accident would give paid plans away); else
 * nobody, and paid plans are unavailable.
 */
function paymentsProvider(e: Env): 'stripe' | 'test' | 'none' {
  if (e.STRIPE_SECRET_KEY || e.STRIPE_TEST_SECRET_KEY) return 'stripe';
  return (e.PAYMENTS_TEST_PROVIDER ?? e.NODE_ENV !== 'production') ? 'test' : 'none';
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  /** Both or neither; without them the AWS SDK's default credential chain applies. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

export type StorageSettings = { driver: 'local' } | { driver: 's3'; s3: S3Settings };

function parseStorage(e: Env): StorageSettings {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    driver: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
    },
  };
}
