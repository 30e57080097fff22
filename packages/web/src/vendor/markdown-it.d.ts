/**
 * The types of markdown-it for its browser build, which the gateway serves beside the app's modules
 * as /app/js/vendor/markdown-it.js (a self-contained ES module, no bare imports). Importing
 * `./vendor/markdown-it.js` keeps the compiled import a path the browser can load without a bundler.
 */
export { default } from 'markdown-it';
export type { Token } from 'markdown-it';
