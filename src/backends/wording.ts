// How a backend words what it tells the person. Backends keep no interface language: each factory
// takes a Wording; the worker passes its uiText, the CLI and tests pass `english`.
import { translate, type MessageValues } from '../driver/i18n/translate.ts';

/**
 * An English text with `{placeholders}` → the words to show, placeholders filled from `values`. Backends
 * call it as `wording` with a literal text: tests/unit/messages.test.ts finds those calls and keeps each
 * one translated in src/workers/i18n/messages-zh.ts.
 */
export type Wording = (english: string, values?: MessageValues) => string;

/** The English text itself, placeholders filled. */
export const english: Wording = (text, values) => translate({}, text, values);
