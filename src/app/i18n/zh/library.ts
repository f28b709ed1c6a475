// Chinese for the interface's words: library.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_LIBRARY: Messages = {};
