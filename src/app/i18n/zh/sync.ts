// Chinese for the interface's words: sync.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SYNC: Messages = {};
