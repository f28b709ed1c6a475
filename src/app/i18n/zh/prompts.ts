// Chinese for the interface's words: prompts.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PROMPTS: Messages = {};
