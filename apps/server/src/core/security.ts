import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { CSRF_HEADER } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Security headers on every response. The CSP is what the built app needs and no more:
 * Mantine sets inline styles; images may come from third-party hosts (weather icons, news
 * thumbnails); everything else is same-origin.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // Same-origin API; cross-origin clients are allowed explicitly through CORS below.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.trustProxy ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      // Only the listed origins get CORS headers; every other origin gets none.
      origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', CSRF_HEADER],
      maxAge: 600,
    });
  }
}
