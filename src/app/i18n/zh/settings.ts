// Chinese for the interface's words: settings.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SETTINGS: Messages = {};
