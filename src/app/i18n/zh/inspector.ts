// Chinese for the interface's words: inspector.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_INSPECTOR: Messages = {};
