import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { notFound } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';

/** Where the gateway serves the web app (packages/web). */
export const WEB_APP_PATH = '/app';

/**
 * Scripts and styles come from the app's own files only (no inline code, no CDN); it talks to this
 * origin's API alone and may not be framed.
 */
const WEB_APP_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The web package's files: `public/` (page, styles) and `dist/` (its compiled ES modules). */
const webRoot = () => path.dirname(require.resolve('@brandradar/web/package.json'));

/**
 * The app's one third-party module, markdown-it (a dependency of the web package), in its
 * self-contained browser build: an ES module with no imports of its own, served from our origin
 * (so `script-src 'self'` allows it) where the app's compiled `./vendor/markdown-it.js` import finds it.
 */
const VENDOR: Record<string, { module: string; file: string }> = {
  'markdown-it.js': { module: 'markdown-it', file: 'dist/browser/markdown-it.esm.min.mjs' },
};
const vendorFile = (root: string, name: string): string | undefined => {
  const v = VENDOR[name];
  return v && path.join(path.dirname(require.resolve(`${v.module}/package.json`, { paths: [root] })), v.file);
};

/**
 * The web app's static files, public like the API reference: it holds no data and no session (the
 * browser keeps the API key and calls the API). File names carry no content hash, so every answer
 * says `no-cache`: the browser revalidates (ETag, 304) and a deploy is seen at once. Only GET and
 * HEAD are served; another method is a 405 with `Allow`, an unknown file the API's 404.
 */
export function webApp(root = webRoot()): express.Router {
  const router = express.Router();
  const headers = (res: Response) => {
    res.setHeader('Content-Security-Policy', WEB_APP_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-cache');
  };
  // `/app` redirects to `/app/` (serve-static's directory redirect), which serves index.html.
  const files = { index: 'index.html', fallthrough: true, setHeaders: headers };
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.setHeader('Allow', 'GET, HEAD, OPTIONS');
    if (req.method === 'OPTIONS') return res.status(204).end();
    next(DomainError.of('method_not_allowed', `${req.method} is not allowed here; the web app answers GET, HEAD, OPTIONS.`));
  });
  // The target of e-mailed sign-in links and invitations (`/app/sign-in?token=…`): the app's page, which reads the token.
  router.get('/sign-in', (_req, res, next) => {
    headers(res);
    res.type('text/html').sendFile(path.join(root, 'public', 'index.html'), (err) => err && next(err));
  });
  router.get('/js/vendor/:file', (req, res, next) => {
    const file = vendorFile(root, req.params.file);
    if (!file) return next(new DomainError(notFound()));
    headers(res);
    res.type('text/javascript').sendFile(file, (err) => err && next(err));
  });
  // Only the compiled modules of dist/, not its type declarations.
  router.use('/js', (req, _res, next) => (req.path.endsWith('.js') ? next() : next(new DomainError(notFound()))), express.static(path.join(root, 'dist'), files));
  router.use(express.static(path.join(root, 'public'), files));
  router.use((_req, _res, next) => next(new DomainError(notFound())));
  return router;
}
