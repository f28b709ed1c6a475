// Build of the app: SolidJS, ES-module workers, and the PWA (manifest + a precaching service worker
// that keeps the app shell available offline).
import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';
import { VitePWA } from 'vite-plugin-pwa';

/** Theme colour of the app and its icons (scripts/make-icons.mjs draws on the same colour). */
const THEME_COLOUR = '#1f2430';

/**
 * The WebLLM engine chunk is ~6 MB: too big for the precache, and only needed by users of the
 * in-browser model. It is cached at run time on first use instead (so import it dynamically: a static
 * import would make every worker start depend on an uncached chunk). Its weights are cached by
 * WebLLM itself and never pass through the service worker.
 */
const WEB_LLM_CHUNK = 'web-llm';
/**
 * gpt-tokenizer's encodings (2 MB and 1 MB) count tokens for OpenAI's models, which only answer
 * online: they stay out of the precache too and are cached when first used. Split by which import
 * uses them (their shared code apart), so that loading one encoding never loads the other.
 */
const TOKENIZER_CHUNK = 'tokenizer';
const splitLargeChunks = {
  codeSplitting: {
    groups: [
      { name: WEB_LLM_CHUNK, test: /node_modules[\\/]@mlc-ai[\\/]web-llm/ },
      { name: TOKENIZER_CHUNK, test: /node_modules[\\/]gpt-tokenizer[\\/]/, entriesAware: true },
    ],
  },
};

export default defineConfig({
  plugins: [
    solid(),
    VitePWA({
      registerType: 'prompt',
      // src/app/shell/update-prompt.tsx registers through virtual:pwa-register/solid.
      injectRegister: false,
      includeAssets: ['apple-touch-icon.png'],
      manifest: {
        name: 'Rashomon',
        short_name: 'Rashomon',
        description: 'Multi-character roleplay where every participant has their own point of view.',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: THEME_COLOUR,
        background_color: THEME_COLOUR,
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
        globIgnores: [`**/${WEB_LLM_CHUNK}-*.js`, `**/${TOKENIZER_CHUNK}*.js`],
        navigateFallback: 'index.html',
        runtimeCaching: [
          {
            // A RegExp, not a function: workbox serialises the pattern into sw.js without its scope.
            urlPattern: new RegExp(`/assets/${WEB_LLM_CHUNK}-[^/]+\\.js$`),
            handler: 'CacheFirst',
            options: { cacheName: 'web-llm-engine', expiration: { maxEntries: 4 } },
          },
          {
            urlPattern: new RegExp(`/assets/${TOKENIZER_CHUNK}[^/]*\\.js$`),
            handler: 'CacheFirst',
            options: { cacheName: 'tokenizers', expiration: { maxEntries: 4 } },
          },
        ],
      },
    }),
  ],
  worker: {
    // The default (iife) breaks dynamic imports inside a worker.
    format: 'es',
    rolldownOptions: { output: splitLargeChunks },
  },
  build: {
    target: 'es2022',
    // One stylesheet, loaded first, though screens load on first use: the rooms' rules build on
    // shell.css in import order, which per-chunk sheets inserted later would not keep.
    cssCodeSplit: false,
    rolldownOptions: { output: splitLargeChunks },
  },
});
