import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the shell and the SystemJS plugins run under, as directives.
 * Scripts only from this site (the shell's entry and chunks, plugin bundles loaded by
 * SystemJS as `<script src>` with integrity): no inline script, no `eval`. Styles: files of
 * this site, and plugins' CSS through constructed stylesheets (not governed by the policy;
 * `blob:` stylesheet links in browsers without them), so no inline `<style>`; style *attributes* stay allowed for the sanitised article HTML of
 * the content pages (`text-align` and the like; they cannot run script). Nothing may frame
 * the portal; the portal frames only the iframe menus' origins (`frameOrigins`,
 * `IFRAME_ALLOWED_ORIGINS`). Outside production, `devOrigins` (`PLUGIN_DEV_ORIGINS`) may serve scripts and
 * answer requests too: a plugin author's dev server (docs/plugins.md "Dev mode").
 */
export function contentSecurityPolicy(options: {
  https: boolean;
  devOrigins?: readonly string[];
  frameOrigins?: readonly string[];
}): Record<string, string[]> {
  const devOrigins = options.devOrigins ?? [];
  const frameOrigins = options.frameOrigins ?? [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...devOrigins],
    'style-src': ["'self'", 'blob:'],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...devOrigins],
    // This site's own pages (as `default-src` before) and the iframe menus' pages: only the
    // origins IFRAME_ALLOWED_ORIGINS names (an iframe menu is saved only with one of them).
    'frame-src': ["'self'", ...frameOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Browser features the portal never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every answer (docs/architecture.md "Security headers"): the CSP above,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (login links carry
 * one-time tickets), `Permissions-Policy`, and HSTS only when the portal is served over
 * https (`PUBLIC_URL`): on plain http it would be ignored, and on a mistaken https name it
 * would lock browsers out for a year.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; devOrigins?: readonly string[]; frameOrigins?: readonly string[] },
): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ https, devOrigins: options.devOrigins, frameOrigins: options.frameOrigins }),
    },
    referrerPolicy: { policy: 'no-referrer' },
    // As `frame-ancestors 'none'`, for browsers that only know the older header.
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * The headers Helmet would add, for the few answers Fastify sends before any hook runs (a
 * URL that cannot be decoded: `frameworkErrors`). They are JSON envelopes, but a browser
 * that is shown one still gets the same policy.
 */
export function essentialSecurityHeaders(options: { publicUrl: string }): Record<string, string> {
  const https = options.publicUrl.startsWith('https://');
  const policy = Object.entries(contentSecurityPolicy({ https }))
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join(';');
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
