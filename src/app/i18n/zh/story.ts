// Chinese for the interface's words: story.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_STORY: Messages = {};
