// Types of scripts/chromium.mjs for TypeScript callers (vitest.config.ts, browser test setup).
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_MISSING: string;
export declare function assertChromium(): void;
