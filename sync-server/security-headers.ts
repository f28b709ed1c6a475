// Headers on every response: a strict Content-Security-Policy that still lets the app run WebLLM
// (WebAssembly), its own workers, and reach user-configured model endpoints and sync servers.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // WebLLM compiles WebAssembly; no other script than the app's own files.
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  // Model endpoints are whatever the user configures (http on a LAN, https elsewhere); sync is ws/wss.
  "connect-src 'self' ws: wss: http: https:",
  "img-src 'self' data: blob:",
  // Solid sets inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  // URLs can carry a token (the access probe, the pairing link): never send them elsewhere.
  'Referrer-Policy': 'no-referrer',
};
