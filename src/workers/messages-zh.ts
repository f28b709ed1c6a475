// Chinese for what the worker tells the person; tests/unit/messages.test.ts keeps every uiText() call
// translated with the same placeholders and every entry in use.
import type { Messages } from '../driver/i18n/translate.ts';
import { WORKER_SYNC_MESSAGES_ZH } from './messages-zh-sync.ts';

export const WORKER_MESSAGES_ZH: Messages = {
  ...WORKER_SYNC_MESSAGES_ZH,
};
