/**
 * Types shared across the server's plugins: configuration, options, and the shapes of the JSON answers.
 * Each plugin declares its own decorators next to its code; the database tables are in db/tables.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ApplicationData, FieldError, JsonObject } from '../engine/index.ts';
import type { ServerEngine } from './definitions/createServerEngine.ts';

export type { ApplicationData, FieldError, JsonObject };
export type { DataLayer } from './db/tables.ts';

/** A number of requests per address within a window. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The per-address limits of the account routes. */
export interface RateLimits {
  signup: RateLimit;
  login: RateLimit;
}

/** Settings read from the environment (see loadConfig). */
export interface Config {
  port: number;
  host: string;
  /** Directory of the SQLite file (app.db); also used when PostgreSQL is on, for nothing else. */
  dataDir: string;
  /** postgres://… switches the data layer to PostgreSQL. */
  databaseUrl?: string;
  logLevel: string;
  /** redis://… makes the instances share token revocations and throttling counters. */
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every Redis key (insure:), so deployments can share one Redis. */
  redisPrefix: string;
  /** S3_BUCKET (with S3_PREFIX, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE): generated files in a bucket. */
  s3?: { bucket: string; prefix: string; region: string; endpoint?: string; forcePathStyle: boolean };
  /** DRAIN_MS: how long a stopping instance keeps serving after /readyz turns 503, for the load balancer to notice. */
  drainMs: number;
  /** METRICS=1: Prometheus metrics on their own listener (METRICS_HOST, default 127.0.0.1; METRICS_PORT, 9464). */
  metrics?: { host: string; port: number };
  /** Directory of the built web app (dist/app); served with an SPA fallback when it exists. */
  appDir?: string;
  /** Open connections the server accepts at once (MAX_CONNECTIONS); more are refused by the socket. */
  maxConnections: number;
  /** Open connections one address may hold (MAX_CONNECTIONS_PER_ADDRESS; 0: no cap); trusted proxies are not capped. */
  maxConnectionsPerAddress: number;
  /** TRUST_PROXY: addresses and CIDR ranges whose X-Forwarded-For names the client (its address counts, not theirs). */
  trustProxy: string[];
  /** RATE_LIMIT_SIGNUP and RATE_LIMIT_LOGIN: sign-ups and logins per address. */
  rateLimits: RateLimits;
  /** Seeds the demo adviser, sample clients and brokers into an empty database (DEMO is not `0`). */
  demo: boolean;
  /** SECRET_KEY: the key that seals secret answers (SINs); DATA_DIR/secret.key, generated, without it. */
  secretKey?: string;
  /** SIGNING_CERT and SIGNING_KEY (PEM text or paths): what seals signed PDFs; a self-signed pair without them. */
  signingCert?: string;
  signingKey?: string;
  /** SMTP_URL (smtp://…, smtps://…): mails are sent through it; without it they are written to the log. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every mail. */
  mailFrom: string;
  /** APP_URL: where the web app is reached (the links in mails); http://localhost:PORT by default. */
  appUrl: string;
  /** SESSION_IDLE_MINUTES (60): a session without a request for this long ends. */
  sessionIdleMs: number;
}

/** Options of buildServer; anything not given is read from the environment. */
export interface ServerOptions {
  dataDir?: string;
  databaseUrl?: string;
  /** PostgreSQL schema to create and use (tests use a fresh one per run). */
  pgSchema?: string;
  /** redis://… (default REDIS_URL): shared state for several instances. */
  redisUrl?: string;
  logLevel?: string;
  appDir?: string;
  /** Lifetime of a login token; default 12 hours. */
  tokenTtlMs?: number;
  /** How long a session may go without a request; default SESSION_IDLE_MINUTES (60). */
  sessionIdleMs?: number;
  /** The definitions folder; default the project's steps/ (the authoring tests use a copy). */
  stepsDir?: string;
  /** The insurers' form mappings; default the project's forms/ (the authoring tests use a copy). */
  formsDir?: string;
  /** Replaces the engine built from steps/ (tests of the server itself). */
  engine?: ServerEngine;
  /** More plugins registered in the authenticated scope after the server's own (bench/api.ts's baseline route). */
  plugins?: FastifyPluginAsync[];
  /** Creates the demo adviser on an empty database; default DEMO (true unless `0`). */
  seedDemo?: boolean;
  /** Overrides MAX_CONNECTIONS. */
  maxConnections?: number;
  /** Overrides MAX_CONNECTIONS_PER_ADDRESS. */
  maxConnectionsPerAddress?: number;
  /** Overrides TRUST_PROXY. */
  trustProxy?: string[];
  /** How long a request may take to arrive whole (default 20 s; tests of the 408 shorten it). */
  requestTimeoutMs?: number;
  /** Prefix of the Redis keys; default "insure:" (tests use a fresh one). */
  redisPrefix?: string;
  /** Overrides SECRET_KEY (64 hex digits or base64 of 32 bytes). */
  secretKey?: string;
  /** Where the log lines go (tests read them); default stdout. */
  logStream?: { write(line: string): void };
  /** Per-address limits of sign-up and login (RATE_LIMIT_SIGNUP, RATE_LIMIT_LOGIN by default). */
  rateLimits?: RateLimits;
  /** Overrides SMTP_URL (tests give their own local SMTP server). */
  smtpUrl?: string;
  /** Overrides MAIL_FROM. */
  mailFrom?: string;
  /** Overrides APP_URL. */
  appUrl?: string;
}

// ---------------------------------------------------------------------------
// Domain shapes.

/** The signed-in user, attached to each authenticated request. */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: string;
  /** The account's language ('en', 'fr'; null: none chosen): the answers' language when the request names none. */
  language?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on authenticated routes. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** The route needs no token (sign-up, login, docs). */
    public?: boolean;
    /** Counted apart in the metrics: a step save, or a generation of PDFs. */
    metric?: 'save' | 'generation';
  }
}
